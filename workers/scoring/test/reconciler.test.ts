import { submissions } from "@tandem/db";
import { SCORING_QUEUE, type ScoringJob, scoringJobId, scoringJobOptions } from "@tandem/jobs";
import { type JobState, Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestRedis } from "../../../test/support/services";
import { reconcileStuckSubmissions } from "../src/reconciler";
import { createWorkerFixture, SCORED_CHALLENGE, silentLogger, type WorkerFixture } from "./helper";

const THRESHOLD_MS = 60_000;
let fixture: WorkerFixture;
let perfect: string;

beforeAll(async () => {
  fixture = await createWorkerFixture();
  perfect = await fixture.answersCsv(SCORED_CHALLENGE);
});
beforeEach(async () => {
  await fixture.db.delete(submissions);
});
afterAll(async () => {
  await fixture?.close();
});

const longAgo = () => new Date(Date.now() - 10 * THRESHOLD_MS);

/** The part of a BullMQ queue the reconciler uses, recording what it is asked to do. */
function fakeQueue(states: Record<string, JobState | "unknown">) {
  const added: { name: string; data: ScoringJob; opts: Record<string, unknown> }[] = [];
  const removed: string[] = [];
  const retried: string[] = [];
  const queue = {
    async getJob(jobId: string) {
      const state = states[jobId];
      if (!state) return undefined;
      return {
        getState: async () => state,
        remove: async () => {
          removed.push(jobId);
        },
        retry: async () => {
          retried.push(jobId);
        },
      };
    },
    async add(name: string, data: ScoringJob, opts: Record<string, unknown>) {
      added.push({ name, data, opts });
    },
  };
  return { queue: queue as unknown as Queue<ScoringJob>, added, removed, retried };
}

describe("reconciling stuck submissions", () => {
  it("re-enqueues queued and scoring submissions older than the threshold whose job is gone", async () => {
    const queued = await fixture.insertSubmission({ csv: perfect, createdAt: longAgo() });
    const scoring = await fixture.insertSubmission({
      csv: perfect,
      status: "scoring",
      createdAt: longAgo(),
    });
    const fake = fakeQueue({});

    const requeued = await reconcileStuckSubmissions(
      fixture.db,
      fake.queue,
      THRESHOLD_MS,
      silentLogger,
    );

    expect(requeued).toBe(2);
    expect(fake.added.map((a) => a.data.submissionId).sort()).toEqual([queued, scoring].sort());
    for (const job of fake.added) {
      expect(job.opts).toMatchObject({
        ...scoringJobOptions,
        jobId: scoringJobId(job.data.submissionId),
      });
    }
  });

  it("leaves fresh submissions and finished ones alone", async () => {
    await fixture.insertSubmission({ csv: perfect });
    await fixture.insertSubmission({ csv: perfect, status: "scoring" });
    for (const status of ["scored", "invalid", "failed"] as const) {
      await fixture.insertSubmission({ csv: perfect, status, createdAt: longAgo() });
    }
    const fake = fakeQueue({});

    expect(
      await reconcileStuckSubmissions(fixture.db, fake.queue, THRESHOLD_MS, silentLogger),
    ).toBe(0);
    expect(fake.added).toEqual([]);
  });

  it.each(["completed", "unknown"] as const)(
    "replaces a job that is %s while its submission stayed unscored",
    async (state) => {
      const id = await fixture.insertSubmission({ csv: perfect, createdAt: longAgo() });
      const fake = fakeQueue({ [scoringJobId(id)]: state });

      expect(
        await reconcileStuckSubmissions(fixture.db, fake.queue, THRESHOLD_MS, silentLogger),
      ).toBe(1);
      expect(fake.removed).toEqual([scoringJobId(id)]);
      expect(fake.added.map((a) => a.opts.jobId)).toEqual([scoringJobId(id)]);
    },
  );

  it("retries a failed job instead of adding a second one", async () => {
    const id = await fixture.insertSubmission({
      csv: perfect,
      status: "scoring",
      createdAt: longAgo(),
    });
    const fake = fakeQueue({ [scoringJobId(id)]: "failed" });

    expect(
      await reconcileStuckSubmissions(fixture.db, fake.queue, THRESHOLD_MS, silentLogger),
    ).toBe(1);
    expect(fake.retried).toEqual([scoringJobId(id)]);
    expect(fake.added).toEqual([]);
    expect(fake.removed).toEqual([]);
  });

  it.each(["waiting", "delayed", "active", "prioritized"] as const)(
    "leaves a submission whose job is still %s",
    async (state) => {
      const id = await fixture.insertSubmission({ csv: perfect, createdAt: longAgo() });
      const fake = fakeQueue({ [scoringJobId(id)]: state });

      expect(
        await reconcileStuckSubmissions(fixture.db, fake.queue, THRESHOLD_MS, silentLogger),
      ).toBe(0);
      expect([...fake.added, ...fake.removed, ...fake.retried]).toEqual([]);
    },
  );
});

describe("which submissions count as stuck", () => {
  it("re-enqueues every stuck submission, oldest first, however many there are", async () => {
    // More than one page, inserted youngest first so the table's order is not the age order.
    const count = 620;
    const oldest = longAgo().getTime();
    const ids = await fixture.insertSubmissions(
      Array.from({ length: count }, (_, i) => ({
        csv: perfect,
        createdAt: new Date(oldest + (count - i) * 10),
      })),
    );
    const fake = fakeQueue({});

    expect(
      await reconcileStuckSubmissions(fixture.db, fake.queue, THRESHOLD_MS, silentLogger),
    ).toBe(count);
    expect(fake.added.map((a) => a.data.submissionId)).toEqual([...ids].reverse());
  });

  it("ages a submission from its latest claim, not from when it was made", async () => {
    const claimedNow = await fixture.insertSubmission({
      csv: perfect,
      status: "scoring",
      createdAt: longAgo(),
      claimedAt: new Date(),
    });
    const claimedLongAgo = await fixture.insertSubmission({
      csv: perfect,
      status: "scoring",
      createdAt: longAgo(),
      claimedAt: longAgo(),
    });
    const fake = fakeQueue({});

    expect(
      await reconcileStuckSubmissions(fixture.db, fake.queue, THRESHOLD_MS, silentLogger),
    ).toBe(1);
    expect(fake.added.map((a) => a.data.submissionId)).toEqual([claimedLongAgo]);
    expect(fake.added.map((a) => a.data.submissionId)).not.toContain(claimedNow);
  });
});

describe("reconciling into a real queue", () => {
  let redis: Awaited<ReturnType<typeof createTestRedis>>;
  let connection: Redis;
  let queue: Queue<ScoringJob>;

  beforeAll(async () => {
    redis = await createTestRedis();
    connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    queue = new Queue<ScoringJob>(SCORING_QUEUE, { connection, prefix: redis.prefix });
  });
  afterAll(async () => {
    await queue?.close();
    connection?.disconnect();
    await redis?.cleanup();
  });

  it("adds one job per submission, id score-<id>, with the queue's retry and retention policy", async () => {
    const id = await fixture.insertSubmission({ csv: perfect, createdAt: longAgo() });

    expect(await reconcileStuckSubmissions(fixture.db, queue, THRESHOLD_MS, silentLogger)).toBe(1);
    const job = await queue.getJob(`score-${id}`);
    expect(job?.data).toEqual({ submissionId: id });
    expect(job?.opts).toMatchObject({
      attempts: 5,
      backoff: { type: "exponential", delay: 1000, jitter: 0.5 },
      removeOnComplete: { age: 86_400, count: 10_000 },
      removeOnFail: { age: 14 * 86_400 },
    });
    // The job is waiting now: a second pass leaves it, and the queue still holds one job.
    expect(await reconcileStuckSubmissions(fixture.db, queue, THRESHOLD_MS, silentLogger)).toBe(0);
    expect(await queue.getJobCounts("waiting")).toEqual({ waiting: 1 });
  });
});
