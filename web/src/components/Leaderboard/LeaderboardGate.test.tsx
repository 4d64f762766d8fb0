import type { LeaderboardVisibility } from "@tandem/competition";
import { LEADERBOARD_MESSAGES, type TeamView } from "@tandem/contracts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { defaultDefinition, publicCompetition } from "../../../test-utils/competition";
import { ada } from "../../../test-utils/fixtures";
import { jsonResponse, render, screen, within } from "../../../test-utils/render";
import { LeaderboardGate } from "./LeaderboardGate";
import { OverallLeaderboardTable } from "./OverallLeaderboardTable";

const team: TeamView = {
  id: "team-otters",
  team_id: "invite-otters",
  team_name: "river-otters",
  api_key: "key-123",
  invite_code: "invite-otters",
  status: "active",
  created_at: "2026-01-10T12:00:00.000Z",
  activated_at: "2026-01-11T12:00:00.000Z",
  total_score: 0,
  members: [],
  member_count: 1,
  max_members: 5,
  user_role: "creator",
};

/** The signed-in user's teams as GET /api/teams answers them. */
function stubTeams(teams: TeamView[]) {
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === "/api/teams"
      ? jsonResponse({ teams })
      : jsonResponse({ error: "Not found", code: "request.route_not_found" }, 404),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderGate(visibility: LeaderboardVisibility, user: typeof ada | null) {
  return render(
    <LeaderboardGate
      loginMessage={LEADERBOARD_MESSAGES.loginRequired}
      adminMessage={LEADERBOARD_MESSAGES.adminRequired}
    >
      <p>the standings</p>
    </LeaderboardGate>,
    {
      auth: { user },
      competition: publicCompetition({
        ...defaultDefinition(),
        leaderboard_visibility: visibility,
      }),
    },
  );
}

beforeEach(() => {
  window.sessionStorage.setItem("auth_token", "session-token");
});

describe("LeaderboardGate", () => {
  it("keeps the spec's rule by default: a participant is told the leaderboard is for organizers", async () => {
    const fetch = stubTeams([team]);
    renderGate("organizers", ada);
    expect(await screen.findByText(LEADERBOARD_MESSAGES.adminRequired)).toBeVisible();
    expect(screen.queryByText("the standings")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows a team member the standings where participants may see them", async () => {
    stubTeams([team]);
    renderGate("participants", ada);
    expect(await screen.findByText("the standings")).toBeVisible();
  });

  it("sends a signed-in participant without a team to the dashboard instead of a dead end", async () => {
    stubTeams([]);
    renderGate("participants", ada);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(LEADERBOARD_MESSAGES.teamRequired);
    expect(within(alert).getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    expect(screen.queryByText("Restricted")).toBeNull();
  });

  it("asks a visitor to log in where participants may see the standings", async () => {
    stubTeams([]);
    renderGate("participants", null);
    expect(await screen.findByText(LEADERBOARD_MESSAGES.loginRequired)).toBeVisible();
    expect(screen.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/login");
  });

  it("shows everyone the standings where they are public, asking nothing", async () => {
    const fetch = stubTeams([]);
    renderGate("public", null);
    expect(await screen.findByText("the standings")).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("OverallLeaderboardTable", () => {
  it("marks the reader's own row, in words as well as in colour", () => {
    const row = (rank: number, id: string) => ({
      rank,
      team_id: id,
      team_name: id,
      total_score: 1 / rank,
      valid_submissions_total: 2,
      time_used_seconds: 60,
    });
    render(
      <OverallLeaderboardTable
        rows={[row(1, "team-bravo"), row(2, "team-otters"), row(3, "team-charlie")]}
        ownTeamId="team-otters"
      />,
    );
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows[1]).toHaveAttribute("aria-current", "true");
    expect(within(rows[1]!).getByText(LEADERBOARD_MESSAGES.yourTeam)).toBeVisible();
    expect(rows[0]).not.toHaveAttribute("aria-current");
    expect(within(rows[0]!).queryByText(LEADERBOARD_MESSAGES.yourTeam)).toBeNull();
  });
});
