import type { TeamView } from "@tandem/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, render, screen, userEvent, within } from "../../../test-utils/render";
import { ActivationNotice } from "./ActivationNotice";

const bob = {
  id: "u-bob",
  username: "bob",
  email: "bob@example.com",
  status: "active",
  admin_access: false,
  email_verified: true,
};

function team(overrides: Partial<TeamView> = {}): TeamView {
  return {
    id: "team-1",
    team_id: "team-1",
    team_name: "river-otters",
    api_key: "key-123",
    invite_code: "invite-abc",
    status: "inactive",
    created_at: "2026-01-10T12:00:00.000Z",
    activated_at: null,
    disqualified: false,
    disqualification_reason: null,
    activation_request: null,
    total_score: 0,
    members: [],
    member_count: 1,
    max_members: 5,
    user_role: "member",
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("ActivationNotice", () => {
  it("sends the request with the typed message, trimmed", async () => {
    window.localStorage.setItem("auth_token", "token-1");
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input) === "/api/teams/request-activation"
        ? jsonResponse({ success: true, message: "Activation requested.", team: team() })
        : jsonResponse({ teams: [] }),
    );
    vi.stubGlobal("fetch", fetch);
    const user = userEvent.setup();
    render(<ActivationNotice team={team()} isAdmin={false} />, { auth: { user: bob } });

    await user.click(screen.getByRole("button", { name: "Ask for activation" }));
    const dialog = await screen.findByRole("dialog", {
      name: 'Ask to activate team "river-otters"',
    });
    await user.type(
      within(dialog).getByLabelText("Message to the organizers (optional)"),
      "  Ready today ",
    );
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));

    const sent = fetch.mock.calls.find(
      ([path]) => String(path) === "/api/teams/request-activation",
    );
    expect(sent).toBeDefined();
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ message: "Ready today" });
  });

  it("shows a waiting request with its message and no second ask", () => {
    const waiting = team({
      activation_request: {
        state: "waiting",
        requested_at: "2026-01-11T09:00:00.000Z",
        message: "Three of us",
        declined_at: null,
        decline_reason: null,
      },
    });
    render(<ActivationNotice team={waiting} isAdmin={false} />, { auth: { user: bob } });
    const notice = screen.getByRole("status");
    expect(notice).toHaveTextContent("Activation requested");
    expect(notice).toHaveTextContent("Your message: Three of us");
    expect(screen.queryByRole("button", { name: "Ask for activation" })).not.toBeInTheDocument();
  });

  it("shows a declined request's reason, what to do, and lets the team ask again", () => {
    const declined = team({
      activation_request: {
        state: "declined",
        requested_at: "2026-01-11T09:00:00.000Z",
        message: null,
        declined_at: "2026-01-12T09:00:00.000Z",
        decline_reason: "Add a teammate first.",
      },
    });
    render(<ActivationNotice team={declined} isAdmin={false} />, { auth: { user: bob } });
    const notice = screen.getByRole("status");
    expect(notice).toHaveTextContent("Reason: Add a teammate first.");
    expect(notice).toHaveTextContent("then ask again");
    expect(within(notice).getByRole("button", { name: "Ask again" })).toBeInTheDocument();
  });

  it("tells an activated team once, until a member dismisses it", async () => {
    const active = team({ status: "active", activated_at: "2026-01-12T10:00:00.000Z" });
    const user = userEvent.setup();
    const { unmount } = render(<ActivationNotice team={active} isAdmin={false} />, {
      auth: { user: bob },
    });
    expect(screen.getByRole("status")).toHaveTextContent("Your team is active");
    await user.click(screen.getByRole("button", { name: "Dismiss the activation notice" }));
    expect(screen.queryByText("Your team is active")).not.toBeInTheDocument();
    unmount();
    render(<ActivationNotice team={active} isAdmin={false} />, { auth: { user: bob } });
    expect(screen.queryByText("Your team is active")).not.toBeInTheDocument();
  });

  it("offers organizers no request: they activate from the card", () => {
    render(<ActivationNotice team={team()} isAdmin />, { auth: { user: bob } });
    expect(screen.queryByRole("button", { name: "Ask for activation" })).not.toBeInTheDocument();
  });
});
