import { describe, expect, it } from "vitest";
import type { RankingDomain } from "../src/ranking";
import { challengeScores, computeRankings, isBetter } from "../src/ranking";

// Two small domains: "alpha" (F1, higher better; RMSE, lower better) and "beta" (MAE).
const domains: RankingDomain[] = [
  {
    slug: "alpha",
    name: "Alpha",
    challenges: [
      {
        key: "alpha/1",
        number: 1,
        title: "A1",
        metric: "macro_f1",
      },
      {
        key: "alpha/2",
        number: 2,
        title: "A2",
        metric: "rmse",
      },
    ],
  },
  {
    slug: "beta",
    name: "Beta",
    challenges: [
      {
        key: "beta/1",
        number: 1,
        title: "B1",
        metric: "mae",
      },
    ],
  },
];

const t = (minutes: number) => new Date(Date.UTC(2025, 9, 18, 6, minutes));
const team = (id: string) => ({ id, name: id, activatedAt: t(0) });

describe("computeRankings", () => {
  it("scores each challenge by rank, averages domains, and orders overall", () => {
    const rankings = computeRankings(
      domains,
      [team("red"), team("blue"), team("green")],
      [
        { teamId: "red", challengeKey: "alpha/1", metricValue: 0.9, createdAt: t(10) },
        { teamId: "red", challengeKey: "alpha/1", metricValue: 0.5, createdAt: t(20) },
        { teamId: "blue", challengeKey: "alpha/1", metricValue: 0.7, createdAt: t(15) },
        { teamId: "blue", challengeKey: "alpha/2", metricValue: 3, createdAt: t(30) },
        { teamId: "red", challengeKey: "alpha/2", metricValue: 5, createdAt: t(40) },
        { teamId: "green", challengeKey: "beta/1", metricValue: 2, createdAt: t(50) },
      ],
    );
    // alpha/1: red best 0.9 (rank 1 of 2 -> 1), blue 0.7 (-> 0.5)
    // alpha/2 (lower better): blue 3 (-> 1), red 5 (-> 0.5)
    // alpha domain: red (1 + 0.5)/2 = 0.75, blue (0.5 + 1)/2 = 0.75; beta: green 1
    // overall over 2 domains: red 0.375, blue 0.375, green 0.5
    // red vs blue tie on score: red 3 submissions, blue 2 -> blue first
    expect(rankings.overall.map((r) => [r.team_name, r.rank, r.total_score])).toEqual([
      ["green", 1, 0.5],
      ["blue", 2, 0.375],
      ["red", 3, 0.375],
    ]);
    expect(rankings.overall.find((r) => r.team_id === "red")).toMatchObject({
      valid_submissions_total: 3,
      time_used_seconds: 40 * 60,
    });
    const alpha = rankings.domains.alpha!;
    expect(alpha.rows.find((r) => r.team_id === "red")!.challenges["alpha/1"]).toEqual({
      metric_name: "Macro-F1",
      metric_value: 0.9,
      score: 1,
      beats_baseline: null,
    });
    expect(alpha.rows.find((r) => r.team_id === "green")).toMatchObject({
      domain_score: 0,
      rank: 3,
    });
  });

  it("lets equal metrics share a challenge rank and breaks full ties by the earlier best time", () => {
    const rankings = computeRankings(
      domains,
      [team("late"), team("early")],
      [
        { teamId: "late", challengeKey: "beta/1", metricValue: 1, createdAt: t(30) },
        { teamId: "early", challengeKey: "beta/1", metricValue: 1, createdAt: t(10) },
      ],
    );
    expect(rankings.overall.map((r) => [r.team_name, r.rank, r.total_score])).toEqual([
      ["early", 1, 0.5],
      ["late", 2, 0.5],
    ]);
  });

  it("flags results that beat the baseline, per challenge and for the whole domain", () => {
    const withBaselines: RankingDomain[] = domains.map((d) => ({
      ...d,
      challenges: d.challenges.map((c) => ({
        ...c,
        baseline: c.key === "alpha/1" ? 0.8 : c.key === "alpha/2" ? 4 : null,
      })),
    }));
    const rankings = computeRankings(
      withBaselines,
      [team("good"), team("half")],
      [
        { teamId: "good", challengeKey: "alpha/1", metricValue: 0.85, createdAt: t(1) },
        { teamId: "good", challengeKey: "alpha/2", metricValue: 3.5, createdAt: t(2) },
        { teamId: "half", challengeKey: "alpha/1", metricValue: 0.9, createdAt: t(3) },
        { teamId: "half", challengeKey: "alpha/2", metricValue: 4.5, createdAt: t(4) },
      ],
    );
    const rows = rankings.domains.alpha!.rows;
    const good = rows.find((r) => r.team_id === "good")!;
    const half = rows.find((r) => r.team_id === "half")!;
    expect(good.challenges["alpha/2"]!.beats_baseline).toBe(true); // RMSE 3.5 < 4
    expect(half.challenges["alpha/2"]!.beats_baseline).toBe(false);
    expect([good.beats_baseline, half.beats_baseline]).toEqual([true, false]);
    expect(rankings.domains.alpha!.challenge_columns.map((c) => c.baseline)).toEqual([0.8, 4]);
    expect(rankings.domains.beta!.rows.every((r) => r.beats_baseline === false)).toBe(true);
  });

  it("ranks a team without results last with score 0 and no time used", () => {
    const rankings = computeRankings(domains, [team("idle")], []);
    expect(rankings.overall).toEqual([
      {
        rank: 1,
        team_id: "idle",
        team_name: "idle",
        total_score: 0,
        valid_submissions_total: 0,
        time_used_seconds: 0,
      },
    ]);
  });
});

describe("challenge ranking scores", () => {
  it("equal, on random results with many ties, the definition: (N - r + 1) / N with r = 1 + teams strictly better", () => {
    let state = 12_345;
    const random = () => {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      return state / 2 ** 32;
    };
    for (const metric of ["macro_f1", "rmse"] as const) {
      for (let round = 0; round < 50; round += 1) {
        const best = new Map<string, { value: number; at: Date }>();
        const teams = 1 + Math.floor(random() * 60);
        for (let t = 0; t < teams; t += 1) {
          // Few distinct values: ties are common.
          best.set(`t${t}`, { value: Math.floor(random() * 8) / 8, at: new Date(0) });
        }
        const scores = challengeScores(metric, best);
        for (const [team, { value }] of best) {
          const better = [...best.values()].filter((o) => isBetter(metric, o.value, value)).length;
          expect(scores.get(team)).toBe((teams - (better + 1) + 1) / teams);
        }
      }
    }
  });
});
