import type { Challenge } from "@tandem/competition";
import { idKey, parseCsvRows } from "./csv";
import { type PredictionTable, parseSubmission } from "./parse-submission";

/**
 * The hidden answers of a challenge. For label and numeric challenges the file has the
 * submission header; for rankings it is `{id},relevant` with the relevant items separated by spaces.
 * Submissions are parsed against `table.positions` (ParseOptions.expected).
 */
export interface Answers {
  table: PredictionTable;
  /** Ranking challenges only: the relevant items per id, aligned with `table.ids`. */
  relevant?: ReadonlySet<string>[];
  /** Ranking challenges only: the items a submission may name. */
  eligible?: ReadonlySet<string>;
  /** The stored answers' version (set by the answers cache); submissions record it. */
  version?: number;
}

export function parseAnswers(
  csv: string,
  challenge: Challenge,
  eligibleItems?: readonly string[],
): Answers {
  if (challenge.target.kind === "ranking") {
    const rows = parseCsvRows(csv).slice(1);
    const ids = rows.map((row) => idKey([row[0] ?? ""]));
    const relevant = rows.map((row) => new Set((row[1] ?? "").split(" ").filter(Boolean)));
    return {
      table: {
        ids,
        positions: new Map(ids.map((id, i) => [id, i])),
        predictions: { kind: "ranking", values: [] },
      },
      relevant,
      ...(eligibleItems ? { eligible: new Set(eligibleItems) } : {}),
    };
  }
  const parsed = parseSubmission(csv, challenge);
  if (!parsed.ok) {
    throw new Error(`Answers for ${challenge.key} are malformed: ${parsed.errors.join(" | ")}`);
  }
  return { table: parsed.table };
}
