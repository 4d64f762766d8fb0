import { gunzipSync, gzipSync } from "node:zlib";
import { challengeAnswers } from "@tandem/db";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApp } from "./helper";

/**
 * The rescore tests' scene on retail-banking/1 (Macro-F1): the hidden answers, a team's
 * submission of a file, and an answer fix that flips every label under a new version.
 */
export const CHALLENGE = "retail-banking/1";

export async function storedAnswers(t: TestApp) {
  const [row] = await t.database.handle.db
    .select()
    .from(challengeAnswers)
    .where(eq(challengeAnswers.challengeKey, CHALLENGE));
  return row!;
}

/** Sends `csv` for the challenge with the team's key; answers the new submission's id. */
export async function submitRetail(t: TestApp, apiKey: string, csv: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/submit",
    headers: { "x-api-key": apiKey },
    payload: { domain_name: "Retail Banking", task_number: 1, predictions_csv: csv },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().submission_id as string;
}

/** The fix, as a data reload writes it: every label flipped, under the next version. */
export async function flipStoredAnswers(t: TestApp) {
  const stored = await storedAnswers(t);
  const [header, ...rows] = gunzipSync(stored.answers).toString("utf8").trimEnd().split("\n");
  const flipped = rows.map((row) => {
    const [id, label] = row.split(",");
    return `${id},${label === "1" ? 0 : 1}`;
  });
  await t.database.handle.db
    .update(challengeAnswers)
    .set({ answers: gzipSync(`${[header, ...flipped].join("\n")}\n`), version: stored.version + 1 })
    .where(eq(challengeAnswers.challengeKey, CHALLENGE));
  return stored;
}
