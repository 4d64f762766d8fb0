import { gunzipSync, gzipSync } from "node:zlib";
import type { CompetitionDefinition } from "@tandem/competition";
import { findDomain } from "@tandem/competition/server";
import {
  adminSubmissionsPageSchema,
  FEEDBACK_MESSAGES,
  type FeedbackView,
  submissionHistoryResponseSchema,
  submissionSummaryResponseSchema,
  submitResponseSchema,
} from "@tandem/contracts";
import { challengeAnswers, challengeBaselines } from "@tandem/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestMail } from "../src/modules/notifications/notifications.mails";
import { activeTeam, adminAuth, buildTestApp, endMainPhase, type TestApp } from "./helper";

/*
 * What a team is shown of its scores under each feedback policy (docs/adr/0015), on every
 * participant-facing answer, with expectations worked out by hand. The challenge is food/1
 * (MAE, lower is better; ladder threshold 0.01, 2 decimals in the default edition): a file
 * that adds `offset` to every true value scores exactly `offset` on both parts, so each
 * submission's public and private scores are known before it is sent.
 */

const CHALLENGE = "food/1";
const BASELINE = 0.6;
let t: TestApp;
let admin: Record<string, string>;
let team: { id: string; api_key: string };
let truth: [string, number][];
let header: string;
const sent: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAuth(t.app);
  team = await activeTeam(t.app, "ladder-climbers");
  const [row] = await t.database.handle.db
    .select()
    .from(challengeAnswers)
    .where(eq(challengeAnswers.challengeKey, CHALLENGE));
  // The baseline every team's ladder starts from: 0.6 on both parts, on the current answers.
  const db = t.database.handle.db;
  await db.delete(challengeBaselines).where(eq(challengeBaselines.challengeKey, CHALLENGE));
  await db.insert(challengeBaselines).values({
    challengeKey: CHALLENGE,
    source: "notebook",
    predictions: gzipSync(""),
    metricValue: BASELINE,
    privateMetricValue: BASELINE,
    answersVersion: row!.version,
  });
  const [head, ...lines] = gunzipSync(row!.answers).toString("utf8").trimEnd().split("\n");
  header = head!;
  truth = lines.map((line) => {
    const [id, value] = line.split(",");
    return [id!, Number(value)];
  });
});
afterAll(async () => t?.close());

const asTeam = () => ({ "x-api-key": team.api_key });

async function submit(offset: number, apiKey = team.api_key) {
  const csv = [header, ...truth.map(([id, value]) => `${id},${value + offset}`)].join("\n");
  const response = await t.app.inject({
    method: "POST",
    url: "/api/submit",
    headers: { "x-api-key": apiKey },
    payload: { domain_name: findDomain("food")!.name, task_number: 1, predictions_csv: csv },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = submitResponseSchema.parse(response.json());
  sent.push(body.submission_id);
  return body;
}

const ladder = (significant: boolean | null): FeedbackView => ({
  policy: "ladder",
  digits: 2,
  threshold: 0.01,
  significant_improvement: significant,
});

async function history() {
  const response = await t.app.inject({ url: "/api/submissions/history", headers: asTeam() });
  expect(response.statusCode).toBe(200);
  // Oldest first, as sent.
  return submissionHistoryResponseSchema.parse(response.json()).submissions.reverse();
}

async function setFeedback(feedback: CompetitionDefinition["limits"]["feedback"]) {
  const current = await t.app.inject({ url: "/api/admin/competition", headers: admin });
  const { version, definition } = current.json() as {
    version: number;
    definition: CompetitionDefinition;
  };
  const food = definition.domains.find((d) => d.slug === "food")!;
  food.challenges.find((c) => c.number === 1)!.feedback = feedback;
  const response = await t.app.inject({
    method: "PUT",
    url: "/api/admin/competition",
    headers: admin,
    payload: { version, definition, rescore: false, dry_run: false },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe("the ladder (the default)", () => {
  it("shows a new score only when it beats the team's best shown by the threshold", async () => {
    // 0.5 first; 0.495 beats it by 0.005 only; 0.3337 by far (shown as 0.33); 0.325 beats
    // 0.33 by 0.005 only; 0.44 is worse.
    const answers = [];
    for (const offset of [0.5, 0.495, 0.3337, 0.325, 0.44]) answers.push(await submit(offset));
    expect(answers.map((a) => [a.score, a.feedback])).toEqual([
      [0.5, ladder(true)],
      [0.5, ladder(false)],
      [0.33, ladder(true)],
      [0.33, ladder(false)],
      [0.33, ladder(false)],
    ]);
    // Said in words too, after the usual sentence.
    expect(answers[1]!.message).toBe(
      `Submission scored. ${FEEDBACK_MESSAGES.notSignificant(0.01)}`,
    );
    expect(answers[0]!.message).toBe("Submission scored.");
  });

  it("shows the same in the history, on a submission's page and in the summary", async () => {
    expect((await history()).map((item) => [item.score, item.feedback])).toEqual([
      [0.5, ladder(true)],
      [0.5, ladder(false)],
      [0.33, ladder(true)],
      [0.33, ladder(false)],
      [0.33, ladder(false)],
    ]);
    const detail = await t.app.inject({ url: `/api/submissions/${sent[3]}`, headers: asTeam() });
    expect(detail.json()).toMatchObject({ score: 0.33, feedback: ladder(false) });

    const summary = await t.app.inject({ url: "/api/submissions/summary", headers: asTeam() });
    const food = submissionSummaryResponseSchema
      .parse(summary.json())
      .challenges.find((c) => c.challenge_key === CHALLENGE);
    expect(food).toMatchObject({ score: 0.33, feedback: ladder(null) });
  });

  it("ranks the public leaderboard on the shown best; organizers still see exact scores", async () => {
    // The public standings, as every signed-in reader sees them before the reveal.
    const board = await t.app.inject({ url: "/api/leaderboard/domain/food", headers: admin });
    expect(board.statusCode, board.body).toBe(200);
    const row = (
      board.json() as {
        leaderboard: { team_name: string; challenges: Record<string, { metric_value: number }> }[];
      }
    ).leaderboard.find((r) => r.team_name === "ladder-climbers");
    expect(row?.challenges[CHALLENGE]?.metric_value).toBe(0.33);

    const list = await t.app.inject({
      url: `/api/admin/submissions?challenge=${encodeURIComponent(CHALLENGE)}&limit=50`,
      headers: admin,
    });
    expect(list.statusCode, list.body).toBe(200);
    const exact = adminSubmissionsPageSchema
      .parse(list.json())
      .submissions.find((s) => s.id === sent[3]);
    expect(exact?.public_score).toBeCloseTo(0.325, 12);
  });

  it("marks a digest line that was not a significant improvement", () => {
    const mail = digestMail({
      recipient: { email: "a@example.org", username: "a", verified: true },
      teamName: "ladder-climbers",
      day: "2026-11-26",
      publicUrl: "http://tandem.test",
      lines: [
        {
          scoredAt: new Date("2026-11-26T10:00:00Z"),
          challengeKey: CHALLENGE,
          metricName: "MAE",
          score: 0.33,
          scoreKind: "public",
          counted: true,
          notSignificant: true,
        },
      ],
    });
    expect(mail.text).toContain(
      "MAE 0.33 (your team's best public score shown; not a significant improvement)",
    );
    const below = digestMail({
      recipient: { email: "a@example.org", username: "a", verified: true },
      teamName: "below-baseline",
      day: "2026-11-26",
      publicUrl: "http://tandem.test",
      lines: [
        {
          scoredAt: new Date("2026-11-26T10:00:00Z"),
          challengeKey: CHALLENGE,
          metricName: "MAE",
          score: null,
          scoreKind: "public",
          counted: true,
          notSignificant: true,
        },
      ],
    });
    expect(below.text).toContain("MAE no score (not shown until a score beats the baseline)");
  });
});

describe("the ladder's start at the baseline (0.6)", () => {
  it("shows no score until one beats the baseline by the threshold, and does not rank it", async () => {
    const late = await activeTeam(t.app, "below-baseline");
    // 0.9 is worse than the baseline; 0.595 beats it by 0.005 only; 0.55 by 0.05.
    const answers = [];
    for (const offset of [0.9, 0.595]) answers.push(await submit(offset, late.api_key));
    expect(answers.map((a) => [a.score, a.feedback])).toEqual([
      [null, ladder(false)],
      [null, ladder(false)],
    ]);
    expect(answers[0]!.message).toBe(`Submission scored. ${FEEDBACK_MESSAGES.belowBaseline(0.01)}`);
    const board = await t.app.inject({ url: "/api/leaderboard/domain/food", headers: admin });
    const rowOf = (name: string) =>
      (
        board.json() as {
          leaderboard: {
            team_name: string;
            challenges: Record<string, { metric_value: number | null }>;
          }[];
        }
      ).leaderboard.find((r) => r.team_name === name);
    expect(rowOf("below-baseline")?.challenges[CHALLENGE]?.metric_value ?? null).toBeNull();

    const shown = await submit(0.55, late.api_key);
    expect([shown.score, shown.feedback]).toEqual([0.55, ladder(true)]);
  });
});

describe("a policy change", () => {
  it("shows every earlier score again under the new policy", async () => {
    await setFeedback({ policy: "exact" });
    const exact = await history();
    expect(exact.map((item) => item.feedback.policy)).toEqual(Array(5).fill("exact"));
    const expected = [0.5, 0.495, 0.3337, 0.325, 0.44];
    exact.forEach((item, i) => {
      expect(item.score).toBeCloseTo(expected[i]!, 12);
    });

    await setFeedback({ policy: "rounded", digits: 1 });
    expect((await history()).map((item) => [item.score, item.feedback])).toEqual(
      [0.5, 0.5, 0.3, 0.3, 0.4].map((score) => [
        score,
        { policy: "rounded", digits: 1, threshold: null, significant_improvement: null },
      ]),
    );

    await setFeedback({ policy: "ladder", threshold: 0.01, digits: 2 });
    expect((await history()).map((item) => item.score)).toEqual([0.5, 0.5, 0.33, 0.33, 0.33]);
  });
});

describe("after the reveal", () => {
  beforeAll(async () => {
    await endMainPhase(t);
    const reveal = await t.app.inject({
      method: "POST",
      url: "/api/admin/competition/reveal",
      headers: admin,
    });
    expect(reveal.statusCode, reveal.body).toBe(201);
  });

  it("shows counted submissions' private scores exactly, as the final standings do", async () => {
    const counted = await history();
    expect(counted.map((item) => [item.score_kind, item.feedback.policy])).toEqual(
      Array(5).fill(["final", "exact"]),
    );
    expect(counted[3]!.score).toBeCloseTo(0.325, 12);
  });

  it("shows practice submissions' private scores under the policy, from the best counted one", async () => {
    // The best counted private score is 0.325: 0.32 beats it by 0.005 only; 0.2 by far;
    // 0.195 beats 0.2 by 0.005 only.
    const answers = [];
    for (const offset of [0.32, 0.2, 0.195]) answers.push(await submit(offset));
    expect(answers.map((a) => a.counted)).toEqual([false, false, false]);
    expect(answers.map((a) => [a.score_kind, a.feedback.significant_improvement])).toEqual([
      ["final", false],
      ["final", true],
      ["final", false],
    ]);
    expect(answers[0]!.score).toBeCloseTo(0.325, 12);
    expect(answers.slice(1).map((a) => a.score)).toEqual([0.2, 0.2]);
    expect((await history()).slice(5).map((item) => item.score)).toEqual([
      answers[0]!.score,
      0.2,
      0.2,
    ]);
  });
});
