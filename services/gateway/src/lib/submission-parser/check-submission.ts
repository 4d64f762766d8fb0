import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Challenge } from "@tandem/competition";
import { parseSubmission } from "@tandem/scoring";

/** What a submission is checked against: the test set's ids, and for rankings the items. */
export interface ExpectedRows {
  expected: ReadonlyMap<string, number>;
  eligibleItems?: ReadonlySet<string>;
}

export type SubmissionCheck =
  | { ok: false; errors: string[]; rowCount: number }
  | {
      ok: true;
      rowCount: number;
      /** SHA-256 of the CSV text (UTF-8), hex: finds identical resends. */
      payloadHash: string;
      /** The CSV, gzipped, as it is stored. */
      predictions: Uint8Array;
    };

/**
 * Everything intake does with a file's bytes: parse and validate it, and for a valid file its
 * hash and stored form. Synchronous and CPU-bound, so it runs on a parser thread. The file is
 * its text, or that text's UTF-8 bytes (hashed and gzipped as they are: the same result).
 */
export function checkSubmission(
  csv: string | Uint8Array,
  challenge: Challenge,
  { expected, eligibleItems }: ExpectedRows,
): SubmissionCheck {
  const text =
    typeof csv === "string"
      ? csv
      : Buffer.from(csv.buffer, csv.byteOffset, csv.byteLength).toString("utf8");
  const parsed = parseSubmission(text, challenge, {
    expected,
    ...(eligibleItems ? { eligibleItems } : {}),
  });
  if (!parsed.ok) return { ok: false, errors: parsed.errors, rowCount: parsed.rowCount };
  return {
    ok: true,
    rowCount: parsed.rowCount,
    payloadHash: createHash("sha256").update(csv).digest("hex"),
    predictions: gzipSync(csv),
  };
}
