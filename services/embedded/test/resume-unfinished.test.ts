import {
  createMemoryStore,
  createRankingsCache,
  createRankingsFreshness,
  markSubmissionFailed,
} from "@tandem/jobs";
import { createRankingProcessor } from "@tandem/scoring-worker";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWorkerFixture,
  SCORED_CHALLENGE,
  type WorkerFixture,
} from "../../../workers/scoring/test/helper";
import { createInlineDispatcher, resumeUnfinished } from "../src/inline-dispatcher";

// The embedded start against real Postgres: what the previous process left is scored now.
let fixture: WorkerFixture;
let perfect: string;

beforeAll(async () => {
  fixture = await createWorkerFixture();
  perfect = await fixture.answersCsv(SCORED_CHALLENGE);
});
afterAll(async () => {
  await fixture?.close();
});

describe("starting the embedded server again", () => {
  it("scores what the previous process left queued or had just claimed, and nothing else", async () => {
    const logger = pino({ level: "silent" });
    const queued = await fixture.insertSubmission({ csv: perfect });
    // Claimed a moment before that process stopped: its claim has not lapsed yet.
    const claimed = await fixture.insertSubmission({
      csv: perfect,
      status: "scoring",
      claimedAt: new Date(),
    });
    const scored = await fixture.insertSubmission({ csv: perfect, status: "scored" });
    const before = await fixture.readSubmission(scored);
    const dispatcher = createInlineDispatcher({
      process: createRankingProcessor({
        db: fixture.db,
        rankings: createRankingsFreshness({
          db: fixture.db,
          cache: createRankingsCache(createMemoryStore(), "test"),
          mode: "in-process",
          logger,
        }),
        logger,
      }),
      markFailed: (id) => markSubmissionFailed(fixture.db, id),
      logger,
    });

    expect(await resumeUnfinished(fixture.db, dispatcher)).toBe(2);
    await dispatcher.close();

    for (const id of [queued, claimed]) {
      expect(await fixture.readSubmission(id)).toMatchObject({ status: "scored", metricValue: 0 });
    }
    expect(await fixture.readSubmission(scored)).toEqual(before);
  });
});
