import { afterEach, describe, expect, it, vi } from "vitest";
import {
  jsonResponse,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from "../../../../test-utils/render";
import { organizer, stubApi, teamRow } from "../testApi";
import { WaitingTeams } from "./WaitingTeams";

const requests = {
  total: 2,
  teams: [
    {
      team_id: "t-old",
      team_name: "early-birds",
      members: 3,
      requested_at: "2026-03-01T09:00:00.000Z",
      message: "Ready since Monday",
    },
    {
      team_id: "t-new",
      team_name: "late-owls",
      members: 1,
      requested_at: "2026-03-02T09:00:00.000Z",
      message: null,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe("WaitingTeams", () => {
  it("lists the waiting teams in the server's order and activates one in one click", async () => {
    const calls = stubApi((call) =>
      call.path === "/api/admin/teams/activate"
        ? jsonResponse({ results: [{ team_id: "t-new", outcome: "activated" }] })
        : undefined,
    );
    const user = userEvent.setup();
    render(<WaitingTeams requests={requests} />, { auth: { user: organizer } });

    const list = screen.getByRole("list", { name: "Teams waiting for activation" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("link").textContent)).toEqual([
      "early-birds",
      "late-owls",
    ]);
    expect(items[0]).toHaveTextContent("Ready since Monday");
    expect(items[1]).toHaveTextContent("No message");

    await user.click(screen.getByRole("button", { name: "Activate late-owls" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === "/api/admin/teams/activate")).toMatchObject({
        method: "POST",
        body: { team_ids: ["t-new"] },
      }),
    );
    // No confirmation dialog: the organizer has just read the request.
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("declines with the optional reason typed in its dialog", async () => {
    const calls = stubApi((call) =>
      call.path === "/api/admin/teams/t-old/decline-activation"
        ? jsonResponse({ changed: true, team: teamRow("t-old") })
        : undefined,
    );
    const user = userEvent.setup();
    render(<WaitingTeams requests={requests} />, { auth: { user: organizer } });

    await user.click(screen.getByRole("button", { name: "Decline early-birds" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "Add a teammate");
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.path === "/api/admin/teams/t-old/decline-activation"),
      ).toMatchObject({ method: "POST", body: { reason: "Add a teammate" } }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
