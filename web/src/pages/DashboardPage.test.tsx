import type { TeamView } from "@tandem/contracts";
import { describe, expect, it, vi } from "vitest";
import { ada } from "../../test-utils/fixtures";
import { jsonResponse, render, screen, within } from "../../test-utils/render";
import { SUBMISSION_MESSAGES as M } from "../components/Submissions/messages";
import { historyItem, summaryItem } from "../components/Submissions/testData";
import DashboardPage from "./DashboardPage";

const team: TeamView = {
  id: "team-1",
  team_id: "team-1",
  team_name: "river-otters",
  api_key: "key-123",
  invite_code: "invite-abc",
  status: "active",
  created_at: "2026-01-10T12:00:00.000Z",
  activated_at: "2026-01-11T12:00:00.000Z",
  total_score: 0,
  members: [
    {
      user_id: ada.id,
      username: ada.username,
      email: ada.email,
      role: "creator",
      joined_at: "2026-01-10T12:00:00.000Z",
    },
  ],
  member_count: 1,
  max_members: 5,
  user_role: "creator",
};

function stubApi(teams: TeamView[]) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    if (path === "/api/teams") return jsonResponse({ teams });
    if (path === "/api/submissions/summary") return jsonResponse({ challenges: [summaryItem()] });
    if (path.startsWith("/api/submissions/history?")) {
      return jsonResponse({
        submissions: [historyItem("s-1", { note: "first try" })],
        next_cursor: null,
      });
    }
    return jsonResponse({ error: "Not found", code: "not_found" }, 404);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("DashboardPage", () => {
  it("shows a team member the overview and history of the team's submissions", async () => {
    window.localStorage.setItem("auth_token", "token-1");
    stubApi([team]);
    render(<DashboardPage />, { auth: { user: ada } });

    const section = await screen.findByRole("region", { name: M.sectionTitle });
    expect(
      await within(section).findByRole("article", { name: "C1: Fraud Detection" }),
    ).toBeInTheDocument();
    expect(await within(section).findByText("first try")).toBeInTheDocument();
  });

  it("asks nothing about submissions of a user without a team", async () => {
    window.localStorage.setItem("auth_token", "token-1");
    const fetch = stubApi([]);
    render(<DashboardPage />, { auth: { user: ada } });

    expect(await screen.findByRole("button", { name: "Create Team" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: M.sectionTitle })).not.toBeInTheDocument();
    const paths = fetch.mock.calls.map(([input]) => String(input));
    expect(paths.some((path) => path.startsWith("/api/submissions"))).toBe(false);
  });

  it("offers an active team submit buttons, and a disqualified one none", async () => {
    window.localStorage.setItem("auth_token", "token-1");
    stubApi([team]);
    const first = render(<DashboardPage />, { auth: { user: ada } });
    const card = await screen.findByRole("article", { name: "C1: Fraud Detection" });
    expect(
      await within(card).findByRole("button", { name: /^Submit predictions/ }),
    ).toBeInTheDocument();
    first.unmount();

    stubApi([{ ...team, disqualified: true, disqualification_reason: "Shared accounts" }]);
    render(<DashboardPage />, { auth: { user: ada } });
    const shown = await screen.findByRole("article", { name: "C1: Fraud Detection" });
    await screen.findByText("Disqualified: Shared accounts");
    expect(within(shown).queryByRole("button", { name: /^Submit predictions/ })).toBeNull();
  });
});
