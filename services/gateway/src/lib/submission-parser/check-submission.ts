import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Challenge } from "@tandem/competition";
import { parseToAligned, type TestSet } from "@tandem/scoring";
import { contentHash } from "./content-hash";

export type SubmissionCheck =
  | { ok: false; errors: string[]; rowCount: number }
  | {
      ok: true;
      rowCount: number;
      /** SHA-256 of the CSV text (UTF-8), hex: finds identical resends. */
      payloadHash: string;
      /**
       * SHA-256 of the predictions in a normal form (content-hash.ts), hex: finds other teams'
       * files with the same predictions, whatever their formatting.
       */
      contentHash: string;
      /** The CSV, gzipped, as it is stored. */
      predictions: Uint8Array;
      /** The predictions in the answer-free aligned form (ADR 0021): what a worker scores. */
      aligned: Uint8Array;
    };

/**
 * Everything intake does with a file's bytes: parse and validate it against the public test
 * set, and for a valid file its hashes, its stored form and its aligned form, so the file is
 * parsed once, here, and a worker scores the aligned form against the answers only it holds
 * (docs/adr/0021-workers-score.md). Synchronous and CPU-bound, so it runs on a parser thread. The
 * file is its text, or that text's UTF-8 bytes (hashed and gzipped as they are: the same result).
 */
export function checkSubmission(
  csv: string | Uint8Array,
  challenge: Challenge,
  testSet: TestSet,
): SubmissionCheck {
  const text =
    typeof csv === "string"
      ? csv
      : Buffer.from(csv.buffer, csv.byteOffset, csv.byteLength).toString("utf8");
  const parsed = parseToAligned(text, challenge, testSet);
  if (!parsed.ok) return { ok: false, errors: parsed.errors, rowCount: parsed.rowCount };
  return {
    ok: true,
    rowCount: parsed.rowCount,
    payloadHash: createHash("sha256").update(csv).digest("hex"),
    contentHash: contentHash(parsed.table),
    // The fastest level: a fifth larger than the default, a quarter of its CPU (issue 20's rush).
    predictions: gzipSync(csv, { level: 1 }),
    aligned: parsed.form,
  };
}
