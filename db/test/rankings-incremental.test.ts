import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { METRICS } from "@tandem/competition";
import { allChallenges } from "@tandem/competition/server";
import { loadRefreshInputs, rankingChallenges, rankingDomains } from "@tandem/jobs";
import { rankingBodies } from "@tandem/scoring";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/services";
import { shownExactly } from "../../test/support/shown";
import {
  competitionReveals,
  competitionSettings,
  type Database,
  loadRankingInputs,
  loadRankingSummary,
  submissions,
  teams,
} from "../src";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

/** mulberry32: a small seeded PRNG, so a failing case can be replayed from its number. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = ReturnType<typeof prng>;
const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const chance = (random: Random, p: number) => random() < p;

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const T0 = Date.parse("2025-03-01T00:00:00Z");
const EMPTY = gzipSync("");
const TEAM_STATES = [
  { status: "active" as const },
  { status: "active" as const },
  { status: "active" as const },
  { status: "active" as const },
  { status: "inactive" as const },
  { status: "active" as const, disqualifiedAt: new Date(T0), disqualificationReason: "x" },
  { status: "active" as const, deletedAt: new Date(T0) },
];
const SUBMISSION_STATES = ["scored", "scored", "scored", "scored", "invalid", "failed", "queued"];

/**
 * A random competition: teams in every state, each with a random number of submissions on a
 * random subset of the challenges (and now and then on one no longer shown), scores drawn from a
 * few values when `ties` (so bests and final picks tie), final marks, the reveal and the
 * organizers' count of final picks. Creation times are distinct to the millisecond: the full
 * computation breaks a tie of equal score and equal millisecond by the database's row order
 * (which would pick the same score and time either way, but not the same private score).
 */
async function insertHistory(db: Database, random: Random, shape: HistoryShape) {
  await db.delete(submissions);
  await db.delete(teams);
  await db.delete(competitionReveals);
  await db.delete(competitionSettings);

  const teamRows = await db
    .insert(teams)
    .values(
      Array.from({ length: 1 + Math.floor(random() * shape.maxTeams) }, () => ({
        name: `team-${randomBytes(6).toString("hex")}`,
        apiKeyHash: randomBytes(8).toString("hex"),
        apiKeyEncrypted: "x",
        activatedAt: chance(random, 0.8) ? new Date(T0 - Math.floor(random() * 86_400_000)) : null,
        ...(shape.allActive ? { status: "active" as const } : pick(random, TEAM_STATES)),
      })),
    )
    .returning({ id: teams.id });

  const challenges = shape.allChallenges
    ? allChallenges()
    : shuffled(random, allChallenges()).slice(0, 1 + Math.floor(random() * 5));
  const ties = chance(random, 0.5);
  const value = () =>
    ties ? pick(random, [0, 0.25, 0.5, 0.75, 1]) : Math.round(random() * 1e6) / 1e6;
  const rows: (typeof submissions.$inferInsert)[] = [];
  for (const { id: teamId } of teamRows) {
    for (const challenge of challenges) {
      const marking = chance(random, 0.4);
      const count = Math.floor(random() * (shape.maxPerChallenge + 1));
      for (let i = 0; i < count; i++) {
        const status = pick(random, SUBMISSION_STATES) as "scored";
        const scored = status === "scored" && chance(random, 0.95);
        rows.push({
          teamId,
          // A result on a challenge the competition no longer shows is ignored by the rankings.
          challengeKey: chance(random, 0.02) ? "retired/9" : challenge.key,
          status,
          predictions: EMPTY,
          payloadHash: randomBytes(8).toString("hex"),
          rowCount: 1,
          metricName: METRICS[challenge.metric].name,
          ...shownExactly(scored ? value() : null),
          privateMetricValue: scored && chance(random, 0.85) ? value() : null,
          counted: chance(random, 0.9),
          finalAt: marking && chance(random, 0.35) ? new Date(T0) : null,
        });
      }
    }
  }
  // Distinct milliseconds, in an order unrelated to the team or challenge.
  shuffled(
    random,
    rows.map((_, i) => i),
  ).forEach((slot, i) => {
    rows[i]!.createdAt = new Date(T0 + slot * 1000 + Math.floor(random() * 1000));
  });
  for (let i = 0; i < rows.length; i += 2000) {
    await db.insert(submissions).values(rows.slice(i, i + 2000));
  }
  // Microseconds as now() stores them, within the same millisecond: both computations see
  // the time as a Date does.
  await db.execute(
    sql`update ${submissions} set created_at = created_at + (('x' || substr(md5(id::text), 1, 4))::bit(16)::int % 1000) * interval '1 microsecond'`,
  );

  if (shape.revealed) await db.insert(competitionReveals).values({});
  if (shape.finalPicks !== null) {
    await db.insert(competitionSettings).values({ finalPicks: shape.finalPicks });
  }
  return rows.length;
}

interface HistoryShape {
  maxTeams: number;
  maxPerChallenge: number;
  allChallenges: boolean;
  revealed: boolean;
  finalPicks: number | null;
  allActive?: boolean;
}

/**
 * The bodies of the full computation and of the coalesced rebuild's inputs, on the database as it
 * is and at the same clock (each load reads it again): the official standings, and the public
 * ones from the summary whatever the moment.
 */
async function bodiesBothWays(db: Database) {
  const full = await loadRankingInputs(db);
  const refresh = await loadRefreshInputs(db);
  const summary = await loadRankingSummary(db, rankingChallenges());
  const bodies = (inputs: typeof full | typeof summary, standings?: "public") => {
    const { overall, domains } = rankingBodies(
      rankingDomains(inputs),
      { ...inputs, asOf: full.asOf },
      standings ? { standings } : {},
    );
    return { overall, domains };
  };
  return {
    full,
    summary,
    expected: { official: bodies(full), public: bodies(full, "public") },
    actual: { official: bodies(refresh), public: bodies(summary, "public") },
  };
}

const CASES_PER_SHAPE = 50;
const shapes: [string, Omit<HistoryShape, "revealed" | "finalPicks">][] = [
  [
    "small histories on a few challenges",
    { maxTeams: 6, maxPerChallenge: 6, allChallenges: false },
  ],
  ["histories on all 17 challenges", { maxTeams: 5, maxPerChallenge: 4, allChallenges: true }],
];
const moments: [string, Pick<HistoryShape, "revealed" | "finalPicks">][] = [
  ["before the reveal", { revealed: false, finalPicks: null }],
  ["after the reveal", { revealed: true, finalPicks: null }],
  ["after the reveal with the organizers' final picks", { revealed: true, finalPicks: -1 }],
];

describe("rankings from the per-team summary", () => {
  for (const [shapeName, shape] of shapes) {
    for (const [momentName, moment] of moments) {
      it(`equal the full computation: ${shapeName}, ${momentName} (${CASES_PER_SHAPE} random cases)`, async () => {
        const { db } = database.handle;
        let rowsSeen = 0;
        for (let n = 0; n < CASES_PER_SHAPE; n++) {
          const seed = [shapeName, momentName].join("|").length * 1_000 + n;
          const random = prng(seed);
          const finalPicks = moment.finalPicks === null ? null : 1 + Math.floor(random() * 3);
          rowsSeen += await insertHistory(db, random, { ...shape, ...moment, finalPicks });
          const { expected, actual } = await bodiesBothWays(db);
          expect(actual, `seed ${seed}`).toEqual(expected);
        }
        // The cases are not empty: each shape inserts many rows in all.
        expect(rowsSeen).toBeGreaterThan(CASES_PER_SHAPE * 5);
      });
    }
  }

  it("stands for every submission with at most two results per team and challenge", async () => {
    const { db } = database.handle;
    await insertHistory(db, prng(7), {
      allActive: true,
      maxTeams: 4,
      maxPerChallenge: 60,
      allChallenges: true,
      revealed: false,
      finalPicks: null,
    });
    const { full, summary, expected, actual } = await bodiesBothWays(db);
    expect(actual).toEqual(expected);
    const total = (rows: { count?: number }[]) =>
      rows.reduce((sum, row) => sum + (row.count ?? 1), 0);
    const shown = new Set(rankingChallenges().map((c) => c.key));
    expect(total(summary.results)).toBe(
      full.results.filter((r) => shown.has(r.challengeKey)).length,
    );
    // At most two per team and challenge, however many it sent.
    expect(summary.results.length).toBeLessThanOrEqual(2 * 17 * full.teams.length);
    expect(full.results.length).toBeGreaterThan(10 * 17 * full.teams.length);
  });

  describe("break ties as the full computation does", () => {
    /** Two ranked teams, each with results (score, time) on one lower-is-better challenge. */
    async function twoTeams(db: Database, results: [number, string][][]) {
      await db.delete(submissions);
      await db.delete(teams);
      await db.delete(competitionReveals);
      for (const [t, teamResults] of results.entries()) {
        const [team] = await db
          .insert(teams)
          .values({
            name: `tie-${t}-${randomBytes(4).toString("hex")}`,
            apiKeyHash: randomBytes(8).toString("hex"),
            apiKeyEncrypted: "x",
            status: "active",
            activatedAt: new Date(T0),
          })
          .returning({ id: teams.id });
        for (const [value, at] of teamResults) {
          const [row] = await db
            .insert(submissions)
            .values({
              teamId: team!.id,
              challengeKey: "food/1",
              status: "scored",
              predictions: EMPTY,
              payloadHash: randomBytes(8).toString("hex"),
              rowCount: 1,
              metricName: METRICS.mae.name,
              ...shownExactly(value),
              counted: true,
            })
            .returning({ id: submissions.id });
          // Microseconds: set in SQL, as now() stores them.
          await db.execute(
            sql`update ${submissions} set created_at = ${at}::timestamptz where id = ${row!.id}`,
          );
        }
      }
    }

    it("by when each team first reached its best score", async () => {
      const { db } = database.handle;
      // Same best score, same count: the team that reached it first ranks first.
      await twoTeams(db, [
        [
          [0.5, "2025-03-01 10:00:04+00"],
          [0.5, "2025-03-01 10:00:01+00"],
        ],
        [
          [0.5, "2025-03-01 10:00:02+00"],
          [0.5, "2025-03-01 10:00:03+00"],
        ],
      ]);
      const { expected, actual } = await bodiesBothWays(db);
      expect(actual).toEqual(expected);
      const ranks = JSON.parse(actual.official.overall).leaderboard.map(
        (row: { rank: number; team_name: string }) => [row.rank, row.team_name.split("-")[1]],
      );
      expect(ranks).toEqual([
        [1, "0"],
        [2, "1"],
      ]);
    });

    it("to the millisecond, as a Date reads the database's microseconds", async () => {
      const { db } = database.handle;
      // Both in the same millisecond: a shared rank, though one is 800 µs later.
      await twoTeams(db, [
        [[0.5, "2025-03-01 10:00:00.005900+00"]],
        [[0.5, "2025-03-01 10:00:00.005100+00"]],
      ]);
      const { expected, actual } = await bodiesBothWays(db);
      expect(actual).toEqual(expected);
      const ranks = JSON.parse(actual.official.overall).leaderboard.map(
        (row: { rank: number }) => row.rank,
      );
      expect(ranks).toEqual([1, 1]);
    });
  });
});
