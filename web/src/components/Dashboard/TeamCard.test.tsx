import type { TeamView } from "@tandem/contracts";
import { describe, expect, it, vi } from "vitest";
import {
  jsonResponse,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from "../../../test-utils/render";
import { TeamCard } from "./TeamCard";

const person = (name: string) => ({
  id: `u-${name}`,
  username: name,
  email: `${name}@example.com`,
  status: "active",
  admin_access: false,
  email_verified: true,
});
const alice = person("alice");
const bob = person("bob");
const carol = person("carol");
const dan = person("dan");

function teamSeenAs(role: TeamView["user_role"]): TeamView {
  return {
    id: "team-public-id",
    team_id: "team-public-id",
    team_name: "river-otters",
    api_key: "key-123",
    invite_code: "invite-abc",
    status: "inactive",
    created_at: "2026-01-10T12:00:00.000Z",
    activated_at: null,
    total_score: 0,
    members: [
      {
        user_id: alice.id,
        username: alice.username,
        email: alice.email,
        role: "creator",
        joined_at: "2026-01-10T12:00:00.000Z",
      },
      {
        user_id: bob.id,
        username: bob.username,
        email: bob.email,
        role: "member",
        joined_at: "2026-01-11T12:00:00.000Z",
      },
      {
        user_id: carol.id,
        username: carol.username,
        email: carol.email,
        role: "member",
        joined_at: "2026-01-12T12:00:00.000Z",
      },
      {
        user_id: dan.id,
        username: dan.username,
        email: dan.email,
        role: "owner",
        joined_at: "2026-01-13T12:00:00.000Z",
      },
    ],
    member_count: 4,
    max_members: 5,
    user_role: role,
  };
}

function stubFetch(answer: (path: string) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
    answer(String(input)),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("TeamCard", () => {
  it("tells a disqualified team why, in the organizers' words", () => {
    const team = {
      ...teamSeenAs("member"),
      status: "active" as const,
      disqualified: true,
      disqualification_reason: "Shared accounts across teams",
    };
    render(<TeamCard team={team} />, { auth: { user: bob } });

    expect(screen.getByText("Disqualified: Shared accounts across teams")).toBeInTheDocument();
    expect(screen.queryByText("Active")).not.toBeInTheDocument();
    // Its competition status does not invite it to compete.
    expect(screen.queryByText("Ready to compete")).not.toBeInTheDocument();
  });

  it("says the team is not ready while the organizers have paused submissions", async () => {
    stubFetch((path) =>
      path === "/api/config/public"
        ? jsonResponse({ submissions_paused: true, pause_message: "Back at 14:00 UTC." })
        : jsonResponse({ teams: [] }),
    );
    const active: TeamView = { ...teamSeenAs("member"), status: "active" };
    render(<TeamCard team={active} />, { auth: { user: bob } });

    expect(screen.getByTestId("team-readiness")).toHaveTextContent("Ready to compete");
    await waitFor(() =>
      expect(screen.getByTestId("team-readiness")).toHaveTextContent("Submissions paused"),
    );
    expect(screen.getByText(/^By the organizers/)).toBeInTheDocument();
  });

  it("says nothing of disqualification to a team in good standing", () => {
    render(<TeamCard team={teamSeenAs("member")} />, { auth: { user: bob } });
    expect(screen.queryByText(/Disqualified/)).not.toBeInTheDocument();
  });

  it("shows the team's invite code, API key and public ID in their labelled fields", () => {
    render(<TeamCard team={teamSeenAs("creator")} />, { auth: { user: alice } });

    expect(screen.getByRole("article", { name: "river-otters" })).toBeInTheDocument();
    expect(screen.getByLabelText("Invite code")).toHaveValue("invite-abc");
    expect(screen.getByLabelText("API key")).toHaveValue("key-123");
    expect(screen.getByLabelText("Team ID")).toHaveValue("team-public-id");
    expect(screen.getByRole("button", { name: "Copy Invite code" })).toBeInTheDocument();
  });

  it("lets the team's creator rotate the secrets and remove plain members, not owners or themselves", () => {
    render(<TeamCard team={teamSeenAs("creator")} />, { auth: { user: alice } });

    expect(screen.getByRole("button", { name: "Rotate invite code" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Rotate API key" })).toBeInTheDocument();
    const members = screen.getByRole("list", { name: "Team members" });
    expect(
      within(members).getByRole("button", { name: "Remove bob (bob@example.com)" }),
    ).toBeInTheDocument();
    expect(
      within(members).getByRole("button", { name: "Remove carol (carol@example.com)" }),
    ).toBeInTheDocument();
    expect(within(members).getAllByRole("button", { name: /^Remove/ })).toHaveLength(2);
    expect(within(members).queryByRole("button", { name: /^Remove dan/ })).not.toBeInTheDocument();
  });

  it("gives a plain member no rotate or remove controls", () => {
    render(<TeamCard team={teamSeenAs("member")} />, { auth: { user: bob } });

    expect(screen.getByLabelText("Invite code")).toHaveValue("invite-abc");
    expect(screen.queryByRole("button", { name: /^Rotate/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it("rotates the invite code only after the owner confirms", async () => {
    window.localStorage.setItem("auth_token", "token-1");
    const fetch = stubFetch((path) =>
      path === "/api/teams/rotate-invite"
        ? jsonResponse({ success: true, invite_code: "invite-new" })
        : jsonResponse({ teams: [] }),
    );
    const user = userEvent.setup();
    render(<TeamCard team={teamSeenAs("owner")} />, { auth: { user: alice } });

    await user.click(screen.getByRole("button", { name: "Rotate invite code" }));
    const dialog = await screen.findByRole("dialog", { name: "Issue a new invite code?" });
    // Only reads so far (the readiness line and the Launch JupyterHub button read the config).
    const sent = () => fetch.mock.calls.map(([input]) => String(input));
    expect(sent()).not.toContain("/api/teams/rotate-invite");

    await user.click(within(dialog).getByRole("button", { name: "Issue new code" }));

    expect(await screen.findByText("New invite code issued")).toBeInTheDocument();
    const paths = fetch.mock.calls.map(([input]) => String(input));
    expect(paths).toContain("/api/teams/rotate-invite");
  });

  it("removes a member by user ID after the owner confirms", async () => {
    window.localStorage.setItem("auth_token", "token-1");
    const fetch = stubFetch((path) =>
      path === "/api/teams/remove-member"
        ? jsonResponse({ success: true })
        : jsonResponse({ teams: [] }),
    );
    const user = userEvent.setup();
    render(<TeamCard team={teamSeenAs("creator")} />, { auth: { user: alice } });

    await user.click(screen.getByRole("button", { name: "Remove bob (bob@example.com)" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove bob from the team?" });
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));

    expect(await screen.findByText("bob was removed from the team.")).toBeInTheDocument();
    const call = fetch.mock.calls.find(([input]) => String(input) === "/api/teams/remove-member");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ user_id: bob.id });
  });
});
