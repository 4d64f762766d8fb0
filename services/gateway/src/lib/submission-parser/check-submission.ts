import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Challenge } from "@tandem/competition";
import { type Answers, type PartScores, parseSubmission, scorePredictions } from "@tandem/scoring";
import { contentHash } from "./content-hash";

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
      /**
       * SHA-256 of the predictions in a normal form (content-hash.ts), hex: finds other teams'
       * files with the same predictions, whatever their formatting.
       */
      contentHash: string;
      /** The CSV, gzipped, as it is stored. */
      predictions: Uint8Array;
      /**
       * Both parts' scores, when the check was given the answers to score with and scoring
       * succeeded (docs/adr/0013-scoring-at-intake.md); absent, a worker scores the file.
       */
      score?: PartScores;
      /** Why a file given the answers was not scored here (a worker will try, and log it). */
      scoreError?: string;
    };

/** The answers a check validates against, or scores with too (only full answers can score). */
export type CheckAgainst = { rows: ExpectedRows } | { answers: Answers };

/**
 * Everything intake does with a file's bytes: parse and validate it, for a valid file its hash
 * and stored form, and given the answers its scores: the file is parsed once, here, rather than
 * again in a worker. Synchronous and CPU-bound, so it runs on a parser thread. The file is its
 * text, or that text's UTF-8 bytes (hashed and gzipped as they are: the same result).
 */
export function checkSubmission(
  csv: string | Uint8Array,
  challenge: Challenge,
  against: CheckAgainst,
): SubmissionCheck {
  const text =
    typeof csv === "string"
      ? csv
      : Buffer.from(csv.buffer, csv.byteOffset, csv.byteLength).toString("utf8");
  const rows = "rows" in against ? against.rows : expectedRowsOf(against.answers);
  const parsed = parseSubmission(text, challenge, {
    expected: rows.expected,
    ...(rows.eligibleItems ? { eligibleItems: rows.eligibleItems } : {}),
  });
  if (!parsed.ok) return { ok: false, errors: parsed.errors, rowCount: parsed.rowCount };
  const stored = {
    ok: true as const,
    rowCount: parsed.rowCount,
    payloadHash: createHash("sha256").update(csv).digest("hex"),
    contentHash: contentHash(parsed.table),
    // The fastest level: a fifth larger than the default, a quarter of its CPU (issue 20's rush).
    predictions: gzipSync(csv, { level: 1 }),
  };
  if (!("answers" in against)) return stored;
  try {
    return { ...stored, score: scorePredictions(challenge, against.answers, parsed.table) };
  } catch (err) {
    // E.g. answers stored before the public/private split: the worker's path reports it.
    return { ...stored, scoreError: err instanceof Error ? err.message : String(err) };
  }
}

/** The part of the answers a check needs to validate a file. */
export function expectedRowsOf(answers: Answers): ExpectedRows {
  return {
    expected: answers.table.positions,
    ...(answers.eligible ? { eligibleItems: answers.eligible } : {}),
  };
}
