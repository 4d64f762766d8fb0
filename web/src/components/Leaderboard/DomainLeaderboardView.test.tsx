import { type DomainLeaderboard, LEADERBOARD_MESSAGES } from "@tandem/contracts";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, render, screen, within } from "../../../test-utils/render";
import { DomainLeaderboardView } from "./DomainLeaderboardView";

const leaderboard: DomainLeaderboard = {
  domain: "Insurance",
  slug: "insurance",
  challenge_columns: [
    {
      key: "insurance/1",
      number: 1,
      title: "Claim severity",
      metric_name: "RMSE",
      higher_is_better: false,
      baseline: 10,
    },
  ],
  baseline: { challenges: { "insurance/1": { metric_name: "RMSE", metric_value: 10 } } },
  leaderboard: [
    {
      rank: 1,
      team_id: "team-1",
      team_name: "river-otters",
      challenges: {
        "insurance/1": {
          metric_name: "RMSE",
          metric_value: 8,
          score: 1,
          beats_baseline: true,
        },
      },
      domain_score: 1,
      valid_submissions: 2,
      beats_baseline: true,
    },
  ],
  standings: "public",
  updated_at: "2026-01-10T12:00:00.000Z",
};

function answerWith(body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => jsonResponse(body)),
  );
}

describe("DomainLeaderboardView", () => {
  it("ranks the teams of an answer shaped as the contract says", async () => {
    answerWith(leaderboard);
    render(<DomainLeaderboardView domain="insurance" adminMessage="Admins only" />);

    expect(await screen.findByText("river-otters")).toBeInTheDocument();
  });

  it("asks for the private preview and shows each team's public rank and change beside its rank", async () => {
    const fetchStub = vi.fn(async () =>
      jsonResponse({
        ...leaderboard,
        standings: "private",
        leaderboard: leaderboard.leaderboard.map((row) => ({
          ...row,
          public_rank: 1,
          rank_change: 0,
        })),
      }),
    );
    vi.stubGlobal("fetch", fetchStub);
    render(<DomainLeaderboardView domain="insurance" view="private" adminMessage="Admins only" />);

    const table = await screen.findByRole("table", { name: "Insurance leaderboard" });
    expect(fetchStub).toHaveBeenCalledWith(
      "/api/leaderboard/domain/insurance?standings=private",
      expect.anything(),
    );
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers.slice(0, 4)).toEqual(["Rank", "Team", "Public Rank", "Change"]);
    const otters = within(table).getByRole("row", { name: /river-otters/ });
    expect(within(otters).getByText("no change")).toBeInTheDocument();
  });

  it("reports a load failure instead of a table when the answer is not a leaderboard", async () => {
    const { leaderboard: rows, ...withoutDomain } = leaderboard;
    answerWith({ ...withoutDomain, leaderboard: rows.map(({ team_name: _, ...row }) => row) });
    render(<DomainLeaderboardView domain="insurance" adminMessage="Admins only" />);

    expect(await screen.findByText(LEADERBOARD_MESSAGES.domainLoadFailed)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
