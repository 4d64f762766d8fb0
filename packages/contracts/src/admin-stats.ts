import { z } from "zod";

/** The most hours `GET /api/admin/stats/submissions-per-hour` covers (issue 33's console chart). */
export const SUBMISSIONS_PER_HOUR_MAX_HOURS = 48;

/**
 * `GET /api/admin/stats/submissions-per-hour`: submissions received in each clock hour (UTC) of
 * the last 48 hours, or since the competition opened when that is later; every hour listed, the
 * empty ones with 0, the oldest first, the current (unfinished) hour last.
 */
export const submissionsPerHourSchema = z.object({
  from: z.iso.datetime().describe("Start of the first hour listed"),
  to: z.iso.datetime().describe("End of the last hour listed (the end of the current hour)"),
  total: z.number().int().min(0).describe("Submissions in all the hours listed"),
  hours: z
    .array(
      z.object({
        hour: z.iso.datetime().describe("Start of the hour (UTC)"),
        submissions: z
          .number()
          .int()
          .min(0)
          .describe("Submissions received in that hour, whatever became of them"),
      }),
    )
    .max(SUBMISSIONS_PER_HOUR_MAX_HOURS),
});
export type SubmissionsPerHour = z.infer<typeof submissionsPerHourSchema>;
