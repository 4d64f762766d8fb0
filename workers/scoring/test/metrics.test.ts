import {
  createMemoryStore,
  createRankingsCache,
  createRankingsFreshness,
  type MetricsServer,
  SCORING_QUEUE,
  type ScoringJob,
  scoringJobId,
  serveMetrics,
} from "@tandem/jobs";
import { type JobsOptions, Queue, type Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestRedis } from "../../../test/support/services";
import { createWorkerMetrics } from "../src/metrics";
import { createRankingProcessor, type SubmissionProcessor } from "../src/process-submission";
import { createScoringWorker } from "../src/worker";
import {
  buildProcessor,
  createWorkerFixture,
  SCORED_CHALLENGE,
  silentLogger,
  UNANSWERED_CHALLENGE,
  type WorkerFixture,
  waitFor,
} from "./helper";

// The worker's Prometheus metrics, observed by the real worker on real Redis and Postgres and
// read back through its /metrics listener.
const FAST_RETRIES: JobsOptions = { attempts: 3, backoff: { type: "fixed", delay: 20 } };

let fixture: WorkerFixture;
let perfect: string;
let redis: Awaited<ReturnType<typeof createTestRedis>>;
let connection: Redis;
let queue: Queue<ScoringJob>;
let worker: Worker<ScoringJob> | undefined;
let server: MetricsServer | undefined;

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
  await server?.close();
  server = undefined;
});
afterAll(async () => {
  await queue?.close();
  connection?.disconnect();
  await redis?.cleanup();
  await fixture?.close();
});

/** A fresh registry served on a free port; `scrape` reads it as Prometheus would. */
async function served() {
  const metrics = createWorkerMetrics();
  server = await serveMetrics(metrics.registry, {
    host: "127.0.0.1",
    port: 0,
    logger: silentLogger,
  });
  const base = `http://127.0.0.1:${server.port}`;
  const scrape = async (path = "/metrics") => {
    const response = await fetch(`${base}${path}`);
    return { status: response.status, text: await response.text() };
  };
  return { metrics, scrape };
}

/** The value of the sample `name{labels}` exactly as prom-client writes it; undefined if none. */
function sample(text: string, name: string, labels = ""): number | undefined {
  const prefix = `${name}${labels ? `{${labels}}` : ""} `;
  const line = text.split("\n").find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

describe("the worker's metrics", () => {
  it("count jobs by outcome and time scoring by challenge, served at /metrics", async () => {
    const { metrics, scrape } = await served();
    const score = buildProcessor(fixture);
    const flaky = await fixture.insertSubmission({ csv: perfect });
    let flakyCalls = 0;
    const process: SubmissionProcessor = async (id, seen) => {
      if (id === flaky && ++flakyCalls === 1) throw new Error("connection reset");
      return score(id, seen);
    };
    worker = createScoringWorker({
      connection,
      prefix: redis.prefix,
      concurrency: 2,
      db: fixture.db,
      process,
      logger: silentLogger,
      metrics,
    });
    const ids = [
      await fixture.insertSubmission({ csv: perfect }),
      await fixture.insertSubmission({ csv: "wrong,header\n1,2\n" }),
      // No answers stored: every attempt fails, and the last one for good.
      await fixture.insertSubmission({ csv: perfect, challengeKey: UNANSWERED_CHALLENGE }),
      flaky,
    ];
    for (const id of ids) {
      await queue.add("score", { submissionId: id }, { ...FAST_RETRIES, jobId: scoringJobId(id) });
    }

    // Every job has ended once 3 have completed and 1 has failed for good.
    const text = await waitFor("every job to be counted", async () => {
      const { text } = await scrape();
      const ended =
        (sample(text, "tandem_scoring_jobs_total", 'outcome="scored"') ?? 0) +
        (sample(text, "tandem_scoring_jobs_total", 'outcome="invalid"') ?? 0) +
        (sample(text, "tandem_scoring_jobs_total", 'outcome="failed"') ?? 0);
      return ended === 4 ? text : undefined;
    });
    expect(sample(text, "tandem_scoring_jobs_total", 'outcome="scored"')).toBe(2);
    expect(sample(text, "tandem_scoring_jobs_total", 'outcome="invalid"')).toBe(1);
    expect(sample(text, "tandem_scoring_jobs_total", 'outcome="failed"')).toBe(1);
    // Two retries of the unanswered one, one of the flaky one.
    expect(sample(text, "tandem_scoring_jobs_total", 'outcome="retried"')).toBe(3);
    // Each run that scored or refused a file, under its challenge; failed runs are not timed.
    const challenge = `challenge="${SCORED_CHALLENGE}"`;
    expect(sample(text, "tandem_scoring_duration_seconds_count", challenge)).toBe(3);
    expect(sample(text, "tandem_scoring_duration_seconds_sum", challenge)).toBeGreaterThan(0);
    expect(sample(text, "tandem_scoring_duration_seconds_bucket", `le="+Inf",${challenge}`)).toBe(
      3,
    );
    expect(text).not.toContain(`challenge="${UNANSWERED_CHALLENGE}"`);
    expect(sample(text, "tandem_process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text).toContain("# TYPE tandem_rankings_refresh_seconds histogram");
  });

  it("time the rankings refresh of the processor main.ts builds", async () => {
    const { metrics, scrape } = await served();
    const process = createRankingProcessor({
      db: fixture.db,
      rankings: createRankingsFreshness({
        db: fixture.db,
        cache: createRankingsCache(createMemoryStore(), "metrics-test"),
        mode: "in-process",
        logger: silentLogger,
        onRebuilt: metrics.observeRankingsRefresh,
      }),
      logger: silentLogger,
    });
    expect(await process(await fixture.insertSubmission({ csv: perfect, counted: true }))).toBe(
      "scored",
    );
    expect(await process(await fixture.insertSubmission({ csv: perfect, counted: false }))).toBe(
      "scored",
    );

    const { text } = await scrape();
    // Only the counted score changes the rankings.
    expect(sample(text, "tandem_rankings_refresh_seconds_count")).toBe(1);
    expect(sample(text, "tandem_rankings_refresh_seconds_sum")).toBeGreaterThan(0);
  });

  it("answer nothing but /metrics", async () => {
    const { scrape } = await served();
    expect((await scrape("/metrics")).status).toBe(200);
    expect((await scrape("/")).status).toBe(404);
    expect((await scrape("/metrics.json")).status).toBe(404);
  });
});
