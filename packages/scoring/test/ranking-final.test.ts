import { domains as activeDomains } from "@tandem/competition/server";
import { domainLeaderboardSchema, overallLeaderboardSchema } from "@tandem/contracts";
import { describe, expect, it } from "vitest";
import {
  type CountedResult,
  computeRankings,
  finalSubmissionsOf,
  type RankingDomain,
  rankingBodies,
} from "../src/ranking";

// One domain, one challenge (Macro-F1, higher is better), two final submissions per team.
const domains: RankingDomain[] = [
  {
    slug: "alpha",
    name: "Alpha",
    challenges: [
      { key: "alpha/1", number: 1, title: "A1", metric: "macro_f1", finalSubmissions: 2 },
    ],
  },
];
const t = (minutes: number) => new Date(Date.UTC(2025, 9, 18, 6, minutes));
const team = (id: string) => ({ id, name: id, activatedAt: t(0) });
const result = (
  teamId: string,
  publicValue: number,
  privateValue: number | null,
  minute: number,
  final = false,
): CountedResult => ({
  teamId,
  challengeKey: "alpha/1",
  metricValue: publicValue,
  privateMetricValue: privateValue,
  final,
  createdAt: t(minute),
});

const teams = ["red", "blue", "green", "grey"].map(team);
const results: CountedResult[] = [
  // red marks none: its best two by public score (0.90, 0.80) stand; private best 0.85.
  // Its third (0.70 public) has the best private score, 0.95, and does not count.
  result("red", 0.9, 0.6, 1),
  result("red", 0.8, 0.85, 2),
  result("red", 0.7, 0.95, 3),
  // blue marks one, its weaker public score: private 0.90 (not its best public's 0.70).
  result("blue", 0.85, 0.7, 4),
  result("blue", 0.6, 0.9, 5, true),
  // green marks two: the better private of them, 0.86. Its unmarked 0.99 does not count.
  result("green", 0.75, 0.8, 6, true),
  result("green", 0.5, 0.86, 7, true),
  result("green", 0.4, 0.99, 8),
  // grey was scored before the split: a public score, no private one.
  result("grey", 0.5, null, 9),
];

describe("final submissions", () => {
  it("are the marked ones, or the best N by public score when none is marked", () => {
    const red = results.filter((r) => r.teamId === "red");
    expect(finalSubmissionsOf("macro_f1", red, 2).map((r) => r.metricValue)).toEqual([0.9, 0.8]);
    // Lower is better for RMSE: the two lowest.
    expect(finalSubmissionsOf("rmse", red, 2).map((r) => r.metricValue)).toEqual([0.7, 0.8]);
    const green = results.filter((r) => r.teamId === "green");
    expect(finalSubmissionsOf("macro_f1", green, 2).map((r) => r.privateMetricValue)).toEqual([
      0.8, 0.86,
    ]);
    // One marked: that one alone, however many may be.
    const blue = results.filter((r) => r.teamId === "blue");
    expect(finalSubmissionsOf("macro_f1", blue, 2).map((r) => r.metricValue)).toEqual([0.6]);
  });

  it("equal public scores: the earlier submission is picked", () => {
    const tied = [
      result("red", 0.5, 0.1, 3),
      result("red", 0.5, 0.2, 1),
      result("red", 0.5, 0.3, 2),
    ];
    expect(finalSubmissionsOf("macro_f1", tied, 2).map((r) => r.createdAt)).toEqual([t(1), t(2)]);
  });
});

describe("public and private standings", () => {
  it("public: each team's best public score ranks", () => {
    const rankings = computeRankings(domains, teams, results);
    // red 0.90, blue 0.85, green 0.75, grey 0.50: 4 teams -> 1, 3/4, 2/4, 1/4
    expect(rankings.overall.map((row) => [row.team_name, row.rank, row.total_score])).toEqual([
      ["red", 1, 1],
      ["blue", 2, 0.75],
      ["green", 3, 0.5],
      ["grey", 4, 0.25],
    ]);
    const cells = rankings.domains.alpha!.rows.map(
      (row) => row.challenges["alpha/1"]!.metric_value,
    );
    expect(cells).toEqual([0.9, 0.85, 0.75, 0.5]);
  });

  it("private: the best private score among each team's final submissions ranks", () => {
    const rankings = computeRankings(domains, teams, results, { part: "private" });
    // blue 0.90, green 0.86, red 0.85; grey has no private result: 3 ranked teams -> 1, 2/3, 1/3
    expect(rankings.overall.map((row) => [row.team_name, row.rank, row.total_score])).toEqual([
      ["blue", 1, 1],
      ["green", 2, 2 / 3],
      ["red", 3, 1 / 3],
      ["grey", 4, 0],
    ]);
    const cells = rankings.domains.alpha!.rows.map(
      (row) => row.challenges["alpha/1"]!.metric_value,
    );
    expect(cells).toEqual([0.9, 0.86, 0.85, null]);
    // Submissions counted are every counted one, whichever stand.
    expect(rankings.overall.map((row) => row.valid_submissions_total)).toEqual([2, 3, 3, 1]);
  });
});

describe("leaderboard bodies by standings", () => {
  const inputs = {
    asOf: t(90),
    teams,
    results,
    baselines: { "alpha/1": 0.8 },
    privateBaselines: { "alpha/1": 0.87 },
  };

  it("say public before the reveal and rank on public scores against the public baseline", () => {
    const bodies = rankingBodies(domains, { ...inputs, revealed: false });
    expect(bodies.standings).toBe("public");
    const overall = JSON.parse(bodies.overall);
    expect(overall.standings).toBe("public");
    expect(overall.leaderboard[0]).not.toHaveProperty("public_rank");
    const domain = JSON.parse(bodies.domains.alpha!);
    expect(domain.standings).toBe("public");
    expect(domain.challenge_columns[0].baseline).toBe(0.8);
    // red 0.90 and blue 0.85 beat 0.80; green 0.75 and grey 0.50 do not
    expect(
      domain.leaderboard.map(
        (row: { challenges: Record<string, { beats_baseline: boolean }> }) =>
          row.challenges["alpha/1"]!.beats_baseline,
      ),
    ).toEqual([true, true, false, false]);
    expect(JSON.stringify(bodies)).not.toContain("0.86");
  });

  it("say final after the reveal, rank on private results, with the shake-up beside them", () => {
    const bodies = rankingBodies(domains, { ...inputs, revealed: true });
    expect(bodies.standings).toBe("final");
    const overall = JSON.parse(bodies.overall);
    expect(overall.standings).toBe("final");
    expect(
      overall.leaderboard.map((row: Record<string, unknown>) => [
        row.team_name,
        row.rank,
        row.public_rank,
        row.rank_change,
      ]),
    ).toEqual([
      ["blue", 1, 2, 1],
      ["green", 2, 3, 1],
      ["red", 3, 1, -2],
      ["grey", 4, 4, 0],
    ]);
    const domain = JSON.parse(bodies.domains.alpha!);
    expect(domain.standings).toBe("final");
    expect(domain.challenge_columns[0].baseline).toBe(0.87);
    // Against the private baseline 0.87: blue 0.90 beats it, green 0.86 and red 0.85 do not.
    expect(
      domain.leaderboard.map(
        (row: { challenges: Record<string, { beats_baseline: boolean }> }) =>
          row.challenges["alpha/1"]!.beats_baseline,
      ),
    ).toEqual([true, false, false, null]);
  });

  it("the organizers' preview says private whatever the reveal", () => {
    const bodies = rankingBodies(domains, { ...inputs, revealed: false }, { standings: "private" });
    const overall = JSON.parse(bodies.overall);
    expect(overall.standings).toBe("private");
    expect(overall.leaderboard.map((row: { rank_change: number }) => row.rank_change)).toEqual([
      1, 1, -2, 0,
    ]);
  });

  it("private standings fall back to the public baseline where the private one is missing", () => {
    const bodies = rankingBodies(domains, { ...inputs, privateBaselines: {}, revealed: true });
    expect(JSON.parse(bodies.domains.alpha!).challenge_columns[0].baseline).toBe(0.8);
  });

  it("every kind of body matches the documented response schemas", () => {
    const teamsAll = ["red", "blue"].map(team);
    const resultsAll = activeDomains().flatMap((d) =>
      d.challenges.map((c, i) => ({
        teamId: i % 2 ? "red" : "blue",
        challengeKey: c.key,
        metricValue: 0.5,
        privateMetricValue: 0.4,
        final: i % 3 === 0,
        createdAt: t(i),
      })),
    );
    for (const standings of ["public", "final", "private"] as const) {
      const bodies = rankingBodies(
        activeDomains(),
        { asOf: t(90), teams: teamsAll, results: resultsAll, baselines: {} },
        { standings },
      );
      expect(overallLeaderboardSchema.parse(JSON.parse(bodies.overall)).standings).toBe(standings);
      for (const domain of activeDomains()) {
        const body = domainLeaderboardSchema.parse(JSON.parse(bodies.domains[domain.slug]!));
        expect(body.standings).toBe(standings);
      }
    }
  });
});
