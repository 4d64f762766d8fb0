import { TEAM_MESSAGES } from "@tandem/contracts";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, render, screen, userEvent } from "../../../test-utils/render";
import { JoinTeamForm } from "./JoinTeamForm";

function signIn() {
  window.localStorage.setItem("auth_token", "token-1");
}

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function sentBody(fetch: ReturnType<typeof stubFetch>, path: string): unknown {
  const call = fetch.mock.calls.find(([input]) => String(input) === path);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe("JoinTeamForm", () => {
  it("keeps Join Team disabled until an invite code is typed", async () => {
    const user = userEvent.setup();
    render(<JoinTeamForm />, { auth: {} });
    const button = screen.getByRole("button", { name: "Join Team" });
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText(/Invite code/), "abc");
    expect(button).toBeEnabled();

    await user.clear(screen.getByLabelText(/Invite code/));
    expect(button).toBeDisabled();
  });

  it("sends the invite code trimmed and clears the field after joining", async () => {
    signIn();
    const fetch = stubFetch(() => jsonResponse({ success: true, message: "Welcome aboard" }));
    const user = userEvent.setup();
    render(<JoinTeamForm />, { auth: {} });

    await user.type(screen.getByLabelText(/Invite code/), "  inv-123  ");
    await user.click(screen.getByRole("button", { name: "Join Team" }));

    expect(await screen.findByText("Welcome aboard")).toBeInTheDocument();
    expect(sentBody(fetch, "/api/teams/join")).toEqual({ team_id: "inv-123" });
    expect(screen.getByLabelText(/Invite code/)).toHaveValue("");
  });

  it("says invite code is required when only spaces are typed, without calling the server", async () => {
    signIn();
    const fetch = stubFetch(() => jsonResponse({ success: true }));
    const user = userEvent.setup();
    render(<JoinTeamForm />, { auth: {} });

    await user.type(screen.getByLabelText(/Invite code/), "   ");
    await user.click(screen.getByRole("button", { name: "Join Team" }));

    expect(await screen.findByText(TEAM_MESSAGES.inviteCodeRequired)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's reason as 'Error joining team: {reason}'", async () => {
    signIn();
    stubFetch(() => jsonResponse({ error: "Invalid invite code" }, 404));
    const user = userEvent.setup();
    render(<JoinTeamForm />, { auth: {} });

    await user.type(screen.getByLabelText(/Invite code/), "wrong-code");
    await user.click(screen.getByRole("button", { name: "Join Team" }));

    expect(await screen.findByText("Error joining team: Invalid invite code")).toBeInTheDocument();
    const field = screen.getByLabelText(/Invite code/);
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining("Error joining team: Invalid invite code"),
    );
  });

  it("says 'Failed to join team' when the server answers without success", async () => {
    signIn();
    stubFetch(() => jsonResponse({ success: false }));
    const user = userEvent.setup();
    render(<JoinTeamForm />, { auth: {} });

    await user.type(screen.getByLabelText(/Invite code/), "inv-123");
    await user.click(screen.getByRole("button", { name: "Join Team" }));

    expect(await screen.findByText(TEAM_MESSAGES.joinFailed)).toBeInTheDocument();
  });

  it("asks for a session before sending anything when nobody is signed in", async () => {
    const fetch = stubFetch(() => jsonResponse({ success: true }));
    const user = userEvent.setup();
    render(<JoinTeamForm />, { auth: {} });

    await user.type(screen.getByLabelText(/Invite code/), "inv-123");
    await user.click(screen.getByRole("button", { name: "Join Team" }));

    expect(
      await screen.findByText(TEAM_MESSAGES.joinError(TEAM_MESSAGES.authRequired)),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
