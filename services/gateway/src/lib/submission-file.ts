import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import type { FastifyReply } from "fastify";

const gunzipAsync = promisify(gunzip);

/**
 * A stored submission's file as the CSV it was sent, for the team's download and the console's
 * alike: named after its challenge and id, never cached.
 */
export async function sendSubmissionFile(
  reply: FastifyReply,
  submission: { id: string; challengeKey: string; predictions: Buffer },
) {
  const name = `${submission.challengeKey.replace("/", "-challenge-")}-${submission.id.slice(0, 8)}.csv`;
  const csv = await gunzipAsync(submission.predictions);
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "private, no-store")
    .send(csv.toString("utf8"));
}
