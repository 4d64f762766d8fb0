import { once } from "node:events";
import { enqueueScoringJob, SCORING_QUEUE, type ScoringJob } from "@tandem/jobs";
import { Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import type { ScoringDispatcher } from "./dispatcher";

/** How long a readiness probe waits for the producer's connection to come up. */
const PING_READY_MS = 2000;

export function createBullmqDispatcher(options: {
  redisUrl: string;
  prefix: string;
  /**
   * Whether /submit waits for scores (SUBMIT_WAIT_MS > 0). Without waits, no reader follows the
   * queue's events: it would parse every job's events for no one.
   */
  waitsForScores: boolean;
  logger: Logger;
}): ScoringDispatcher {
  // Producers fail fast: with Redis down, the submission stays stored as `queued` and the
  // workers' reconciler enqueues it later, instead of this request hanging.
  const connection = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  connection.on("error", (err) =>
    options.logger.warn({ err: err.message }, "redis (producer) error"),
  );
  const queue = new Queue<ScoringJob>(SCORING_QUEUE, { connection, prefix: options.prefix });
  // QueueEvents blocks on a stream read, so it needs a connection of its own.
  const events = options.waitsForScores
    ? new QueueEvents(SCORING_QUEUE, {
        connection: new Redis(options.redisUrl, { maxRetriesPerRequest: null }),
        prefix: options.prefix,
      })
    : undefined;
  events?.on("error", (err) => options.logger.warn({ err: err.message }, "redis (events) error"));
  // Every request waiting for its job adds listeners; hundreds at once are expected.
  queue.setMaxListeners(0);
  events?.setMaxListeners(0);

  return {
    async dispatch(submissionId, { traceId, waitMs }) {
      let job: Awaited<ReturnType<typeof queue.add>>;
      try {
        job = await enqueueScoringJob(queue, submissionId, traceId);
      } catch (err) {
        options.logger.warn(
          { submissionId, err: String(err) },
          "enqueue failed; reconciler will retry",
        );
        return "pending";
      }
      if (waitMs <= 0 || !events) return "pending";
      try {
        await job.waitUntilFinished(events, waitMs);
        return "finished";
      } catch {
        // A wait that timed out and a job that failed both reject here: the job's state says
        // which (its result is in the database either way).
        const state = await job.getState().catch(() => "unknown");
        return state === "completed" || state === "failed" ? "finished" : "pending";
      }
    },
    async ping() {
      // Without an offline queue a command sent while the connection is still being made fails
      // at once: a probe right after start waits for it, within a bound (Redis down still fails).
      if (connection.status !== "ready") {
        await Promise.race([
          once(connection, "ready"),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error("Redis is not connected")), PING_READY_MS).unref(),
          ),
        ]);
      }
      await connection.ping();
    },
    async close() {
      await events?.close();
      await queue.close();
      connection.disconnect();
    },
  };
}
