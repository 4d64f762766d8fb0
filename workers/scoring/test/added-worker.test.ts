import { SCORING_QUEUE, type ScoringJob, scoringJobId } from "@tandem/jobs";
import { Queue, type Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTEGRATION_WAIT_MS } from "../../../test/support/bounds";
import { createTestRedis } from "../../../test/support/services";
import type { ProcessOutcome, SubmissionProcessor } from "../src/process-submission";
import { createScoringWorker } from "../src/worker";
import {
  buildProcessor,
  createWorkerFixture,
  SCORED_CHALLENGE,
  silentLogger,
  type WorkerFixture,
  waitFor,
} from "./helper";

// Issue 32: a worker started while the rush runs takes queued work at once (nothing to
// reconfigure, no restart of the others). No timings are asserted: the first worker is held on
// its first submission by a gate, so the queue is certainly non-empty when the second starts.
const SUBMISSIONS = 12;
const WAIT_MS = INTEGRATION_WAIT_MS;

let fixture: WorkerFixture;
let redis: Awaited<ReturnType<typeof createTestRedis>>;
let connection: Redis;
let queue: Queue<ScoringJob>;
const workers: Worker<ScoringJob>[] = [];
/** Lets the first worker go on; called in afterAll too, so a failed test does not hang closing. */
let release = () => {};

beforeAll(async () => {
  fixture = await createWorkerFixture();
  redis = await createTestRedis();
  connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  queue = new Queue<ScoringJob>(SCORING_QUEUE, { connection, prefix: redis.prefix });
});
afterAll(async () => {
  release();
  await Promise.all(workers.map((worker) => worker.close()));
  await queue?.close();
  connection?.disconnect();
  await redis?.cleanup();
  await fixture?.close();
});

/** The real processor, recording which submissions it finished and how. */
function recording(process: SubmissionProcessor) {
  const outcomes: { id: string; outcome: ProcessOutcome }[] = [];
  const run: SubmissionProcessor = async (id) => {
    const outcome = await process(id);
    outcomes.push({ id, outcome });
    return outcome;
  };
  return { run, outcomes };
}

function startWorker(process: SubmissionProcessor) {
  const worker = createScoringWorker({
    connection,
    prefix: redis.prefix,
    concurrency: 1,
    db: fixture.db,
    process,
    logger: silentLogger,
  });
  workers.push(worker);
  return worker;
}

describe("a worker added while the queue is full", () => {
  it("takes queued submissions at once, and every submission is scored exactly once", async () => {
    const csv = await fixture.answersCsv(SCORED_CHALLENGE);
    const ids = await fixture.insertSubmissions(
      Array.from({ length: SUBMISSIONS }, () => ({ csv })),
    );
    await queue.addBulk(
      ids.map((submissionId) => ({
        name: "score",
        data: { submissionId },
        opts: { jobId: scoringJobId(submissionId), attempts: 3 },
      })),
    );

    // The first worker: slow, held on its first submission until the second has scored.
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstTook: string | undefined;
    const first = recording(buildProcessor(fixture));
    startWorker(async (id) => {
      firstTook ??= id;
      await gate;
      return first.run(id);
    });
    await waitFor("the first worker to take a submission", async () => firstTook, WAIT_MS);
    const waiting = await queue.getWaitingCount();
    expect(waiting).toBe(SUBMISSIONS - 1);

    // The second worker, added mid-queue.
    const second = recording(buildProcessor(fixture));
    startWorker(second.run);
    await waitFor(
      "the second worker to score what the first does not hold",
      async () => (second.outcomes.length === SUBMISSIONS - 1 ? true : undefined),
      WAIT_MS,
    );
    release();
    await waitFor(
      "the first worker to score the one it holds",
      async () => (first.outcomes.length === 1 ? true : undefined),
      WAIT_MS,
    );

    expect(first.outcomes).toEqual([{ id: firstTook, outcome: "scored" }]);
    expect(second.outcomes.every(({ outcome }) => outcome === "scored")).toBe(true);
    const scoredIds = [...first.outcomes, ...second.outcomes].map(({ id }) => id);
    expect(scoredIds.sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect(await fixture.readSubmission(id)).toMatchObject({ status: "scored", attempts: 1 });
    }
    expect(await queue.getJobCounts("waiting", "active", "delayed", "failed")).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
      failed: 0,
    });
  });
});
