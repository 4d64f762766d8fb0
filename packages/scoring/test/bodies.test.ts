import { allChallenges, domains } from "@tandem/competition/server";
import { domainLeaderboardSchema, overallLeaderboardSchema } from "@tandem/contracts";
import { describe, expect, it } from "vitest";
import { rankingBodies } from "../src/ranking";

const t = (minutes: number) => new Date(Date.UTC(2025, 9, 18, 6, minutes));

describe("leaderboard bodies", () => {
  it("match the documented response schemas exactly (no field missing, none extra)", () => {
    const teams = ["red", "blue", "green"].map((id) => ({ id, name: id, activatedAt: t(0) }));
    // Red enters everything, blue half, green nothing: full rows, missing challenges, empty rows.
    const results = allChallenges().flatMap((challenge, i) => [
      { teamId: "red", challengeKey: challenge.key, metricValue: 0.5 + i / 100, createdAt: t(i) },
      ...(i % 2 === 0
        ? [{ teamId: "blue", challengeKey: challenge.key, metricValue: 0.4, createdAt: t(i + 1) }]
        : []),
    ]);
    // Baselines come from the deployment's data: half the challenges have one.
    const baselines = Object.fromEntries(
      allChallenges()
        .filter((_, i) => i % 2 === 1)
        .map((challenge) => [challenge.key, 0.45]),
    );
    const bodies = rankingBodies(domains(), { asOf: t(90), teams, results, baselines });

    const overall = overallLeaderboardSchema.parse(JSON.parse(bodies.overall));
    expect(overall.leaderboard.map((row) => row.team_name)).toEqual(["red", "blue", "green"]);
    for (const domain of domains()) {
      const body = domainLeaderboardSchema.parse(JSON.parse(bodies.domains[domain.slug]!));
      expect(body.challenge_columns).toHaveLength(domain.challenges.length);
      expect(body.leaderboard[0]!.challenges[domain.challenges[0]!.key]).toMatchObject({
        metric_value: expect.any(Number),
      });
      for (const challenge of domain.challenges) {
        expect(body.baseline.challenges[challenge.key]!.metric_value).toBe(
          baselines[challenge.key] ?? null,
        );
        expect(body.challenge_columns.find((c) => c.key === challenge.key)!.baseline).toBe(
          baselines[challenge.key] ?? null,
        );
      }
    }
  });

  it("would notice a field the schema does not know", () => {
    const bodies = rankingBodies(domains(), { asOf: t(0), teams: [], results: [], baselines: {} });
    const changed = { ...JSON.parse(bodies.overall), extra: 1 };
    expect(overallLeaderboardSchema.safeParse(changed).success).toBe(false);
  });
});
