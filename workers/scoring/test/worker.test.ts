import { createAnswersStore } from "@tandem/db";
import { SCORING_QUEUE, type ScoringJob, scoringJobId } from "@tandem/jobs";
import { createAnswersCache } from "@tandem/scoring";
import { type JobsOptions, Queue, type Worker } from "bullmq";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestRedis } from "../../../test/support/services";
import type { SubmissionProcessor } from "../src/process-submission";
import { createScoringWorker } from "../src/worker";
import {
  buildProcessor,
  captureLogger,
  createWorkerFixture,
  SCORED_CHALLENGE,
  silentLogger,
  UNANSWERED_CHALLENGE,
  type WorkerFixture,
  waitFor,
} from "./helper";

// The BullMQ side of the worker: retries, the final failure, malformed jobs. Real Redis under a
// prefix of its own; the production policy's 1 s exponential backoff is shortened here.
const FAST_RETRIES: JobsOptions = { attempts: 3, backoff: { type: "fixed", delay: 20 } };

let fixture: WorkerFixture;
let perfect: string;
let redis: Awaited<ReturnType<typeof createTestRedis>>;
let connection: Redis;
let queue: Queue<ScoringJob>;
let worker: Worker<ScoringJob> | undefined;

beforeAll(async () => {
  fixture = await createWorkerFixture();
  perfect = await fixture.answersCsv(SCORED_CHALLENGE);
  redis = await createTestRedis();
  connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  queue = new Queue<ScoringJob>(SCORING_QUEUE, { connection, prefix: redis.prefix });
});
afterEach(async () => {
  await worker?.close();
  worker = undefined;
});
afterAll(async () => {
  await queue?.close();
  connection?.disconnect();
  await redis?.cleanup();
  await fixture?.close();
});

function startWorker(
  process: SubmissionProcessor,
  options: { lockMs?: number; logger?: typeof silentLogger } = {},
) {
  worker = createScoringWorker({
    connection,
    prefix: redis.prefix,
    concurrency: 2,
    db: fixture.db,
    process,
    logger: silentLogger,
    ...options,
  });
  return worker;
}

async function enqueue(submissionId: string, opts: JobsOptions = FAST_RETRIES) {
  return queue.add("score", { submissionId }, { ...opts, jobId: scoringJobId(submissionId) });
}

async function finishedJob(jobId: string) {
  return waitFor(`job ${jobId} to finish`, async () => {
    const job = await queue.getJob(jobId);
    const state = await job?.getState();
    return state === "completed" || state === "failed" ? { job: job!, state } : undefined;
  });
}

describe("the scoring worker", () => {
  it("scores an enqueued submission and returns the outcome", async () => {
    startWorker(buildProcessor(fixture));
    const id = await fixture.insertSubmission({ csv: perfect });
    await enqueue(id);

    const { job, state } = await finishedJob(scoringJobId(id));
    expect(state).toBe("completed");
    expect(job.returnvalue).toEqual({ outcome: "scored" });
    expect(await fixture.readSubmission(id)).toMatchObject({ status: "scored", metricValue: 0 });
  });

  it("logs the job's lines under the trace id of the request that queued it", async () => {
    const { logger, lines } = captureLogger();
    startWorker(buildProcessor(fixture), { logger });
    const id = await fixture.insertSubmission({ csv: perfect });
    await queue.add(
      "score",
      { submissionId: id, traceId: "req-4f2a" },
      { ...FAST_RETRIES, jobId: scoringJobId(id) },
    );

    await finishedJob(scoringJobId(id));
    const scored = lines.find((line) => line.msg === "submission scored");
    expect(scored).toMatchObject({ traceId: "req-4f2a", submissionId: id });
  });

  it("retries a transient error and scores on a later attempt, never marking it failed", async () => {
    const answers = createAnswersCache(createAnswersStore({ db: fixture.db }));
    let calls = 0;
    startWorker(
      buildProcessor(fixture, {
        getAnswers: async (challenge) => {
          calls++;
          if (calls < 3) throw new Error("connection reset");
          return answers(challenge);
        },
      }),
    );
    const id = await fixture.insertSubmission({ csv: perfect });
    await enqueue(id);

    const { job, state } = await finishedJob(scoringJobId(id));
    expect(state).toBe("completed");
    expect(job.returnvalue).toEqual({ outcome: "scored" });
    // Two failed attempts and the one that scored, each claiming the submission.
    expect(calls).toBe(3);
    expect(await fixture.readSubmission(id)).toMatchObject({ status: "scored", attempts: 3 });
  });

  it("marks the submission failed once a missing answers set has used up every attempt", async () => {
    startWorker(buildProcessor(fixture));
    const id = await fixture.insertSubmission({ csv: perfect, challengeKey: UNANSWERED_CHALLENGE });
    await enqueue(id);

    const row = await waitFor("the submission to be marked failed", async () => {
      const current = await fixture.readSubmission(id);
      return current.status === "failed" ? current : undefined;
    });
    expect(row.errorMessage).toBe("Scoring failed on the platform; it will not count against you.");
    expect(row.attempts).toBe(3);
    const { job, state } = await finishedJob(scoringJobId(id));
    expect(state).toBe("failed");
    expect(job.attemptsMade).toBe(3);
    expect(job.failedReason).toContain(`No answers stored for ${UNANSWERED_CHALLENGE}`);
  });

  it("keeps the submission claimed, not failed, while attempts remain", async () => {
    startWorker(buildProcessor(fixture));
    const id = await fixture.insertSubmission({ csv: perfect, challengeKey: UNANSWERED_CHALLENGE });
    // A long backoff holds the job between its first and second attempt.
    await enqueue(id, { attempts: 2, backoff: { type: "fixed", delay: 60_000 } });

    await waitFor("the job to wait for its retry", async () => {
      const state = await (await queue.getJob(scoringJobId(id)))?.getState();
      return state === "delayed" ? state : undefined;
    });
    expect(await fixture.readSubmission(id)).toMatchObject({ status: "scoring", attempts: 1 });
  });

  it("fails a malformed job at once, without retrying it", async () => {
    let calls = 0;
    startWorker(async () => {
      calls++;
      return "scored";
    });
    const job = await queue.add(
      "score",
      { submissionId: "not-a-uuid" },
      { ...FAST_RETRIES, jobId: "score-malformed" },
    );

    const { state, job: finished } = await finishedJob(job.id!);
    expect(state).toBe("failed");
    expect(finished.attemptsMade).toBe(1);
    expect(finished.failedReason).toBe("Malformed scoring job");
    expect(calls).toBe(0);
  });

  it("drops a malformed job with a warning, never touching the database or logging an error", async () => {
    const { logger, lines } = captureLogger("debug");
    startWorker(async () => "scored", { logger });
    await queue.add(
      "score",
      { submissionId: "not-a-uuid" },
      { ...FAST_RETRIES, jobId: "score-malformed-logged" },
    );

    const { state } = await finishedJob("score-malformed-logged");
    expect(state).toBe("failed");
    // Give a late handler the time it would take to reach the database and log its failure.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
    const dropped = lines.find((line) => line.msg === "dropped a malformed scoring job");
    expect(dropped).toMatchObject({ level: 40, jobId: "score-malformed-logged" });
  });

  it("fails the job only once its submission is marked failed", async () => {
    const id = await fixture.insertSubmission({ csv: perfect });
    const holder = new pg.Client({ connectionString: fixture.database.url });
    await holder.connect();
    try {
      startWorker(async (submissionId) => {
        // Another transaction holds the row, so marking it failed has to wait.
        await holder.query("begin");
        await holder.query("select id from submissions where id = $1 for update", [submissionId]);
        throw new Error("scoring broke");
      });
      await enqueue(id, { attempts: 1 });

      // While the mark waits on the row, the job must not be reported finished.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await (await queue.getJob(scoringJobId(id)))?.getState()).toBe("active");
      expect((await fixture.readSubmission(id)).status).toBe("queued");

      await holder.query("commit");
      const { state } = await finishedJob(scoringJobId(id));
      expect(state).toBe("failed");
      expect(await fixture.readSubmission(id)).toMatchObject({
        status: "failed",
        errorMessage: "Scoring failed on the platform; it will not count against you.",
      });
    } finally {
      await holder.end();
    }
  });

  it("uses the configured lock for both the lock and the stalled-job check", async () => {
    const started = startWorker(buildProcessor(fixture), { lockMs: 4_000 });
    expect(started.opts).toMatchObject({
      lockDuration: 4_000,
      stalledInterval: 4_000,
      concurrency: 2,
      prefix: redis.prefix,
    });
  });
});
