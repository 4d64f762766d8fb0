import { z } from "zod";

/** The window over which the scoring rate is measured: "scored in the last 5 minutes". */
export const QUEUE_RATE_WINDOW_SECONDS = 300;

/** The queue is "busy" when a submission waits, or is expected to wait, longer than this. */
export const QUEUE_BUSY_WAIT_SECONDS = 60;

/** `GET /api/status`: the scoring queue as anyone may see it; counts only, never a team. */
export const queueStatusSchema = z.object({
  queue: z.object({
    length: z.number().int().min(0).describe("Submissions queued or being scored"),
    oldest_wait_seconds: z
      .number()
      .int()
      .min(0)
      .nullable()
      .describe("How long the oldest queued or scoring submission has waited; null when none"),
    scored_last_5_minutes: z
      .number()
      .int()
      .min(0)
      .describe(
        "Submissions whose scoring finished (scored, invalid or failed) in the last 5 minutes",
      ),
    estimated_wait_seconds: z
      .number()
      .int()
      .min(0)
      .nullable()
      .describe(
        "length ÷ (scored_last_5_minutes ÷ 300 s), rounded up: how long a submission sent now may wait. 0 when the queue is empty; null when something waits but nothing finished in the last 5 minutes",
      ),
    busy: z
      .boolean()
      .describe(
        `True when something waits and either estimated_wait_seconds or oldest_wait_seconds is over ${QUEUE_BUSY_WAIT_SECONDS}: participants are then shown the queue`,
      ),
  }),
  as_of: z.iso
    .datetime()
    .describe("When the figures were read (they may be a couple of seconds old)"),
});
export type QueueStatus = z.infer<typeof queueStatusSchema>;
