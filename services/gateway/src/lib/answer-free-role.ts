import type { Database } from "@tandem/db";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";

export const ANSWER_READABLE_MESSAGE =
  "the gateway's database role can read challenge_answers: connect it as tandem_gateway " +
  "(docs/operations.md, Database roles)";

/**
 * The start check of ADR 0021: the internet-facing gateway must not be able to read the hidden
 * answers. Any SELECT counts, on the table or on one of its columns (a superuser has all).
 * Returns false when the gateway must refuse to start (`required`, REQUIRE_ANSWER_FREE_ROLE);
 * otherwise it only logs the error, for setups on one trusted role.
 */
export async function checkAnswerFreeRole(options: {
  db: Database;
  required: boolean;
  logger: Pick<Logger, "error" | "fatal">;
}): Promise<boolean> {
  const result = (await options.db.execute(
    sql`select has_any_column_privilege(current_user, 'public.challenge_answers', 'SELECT') as readable`,
  )) as unknown as { rows: { readable: boolean }[] };
  if (!result.rows[0]?.readable) return true;
  if (options.required) {
    options.logger.fatal(
      `refusing to start: ${ANSWER_READABLE_MESSAGE} (REQUIRE_ANSWER_FREE_ROLE)`,
    );
    return false;
  }
  options.logger.error(ANSWER_READABLE_MESSAGE);
  return true;
}
