import type { Challenge } from "@tandem/competition";
import { idKey, parseCsvRows } from "./csv";
import { type PredictionTable, parseSubmission } from "./parse-submission";
import { computePublicRows, splitProblem } from "./split";

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
  /**
   * 1 for a public row, 0 for a private one, aligned with `table.ids` (docs/adr/0009). Absent
   * only for answers stored before the split with no seed at hand to derive it: those still
   * validate submissions but cannot score them.
   */
  isPublic?: Uint8Array;
  /** The stored answers' version (set by the answers cache); submissions record it. */
  version?: number;
}

export interface AnswersOptions {
  eligibleItems?: readonly string[];
  /** The stored split, one byte per answers row (`challenge_answers.public_rows`). */
  publicRows?: Uint8Array;
  /** The deployment's secret seed: derives the split when none is stored. */
  splitSeed?: string;
}

export function parseAnswers(
  csv: string,
  challenge: Challenge,
  options: AnswersOptions = {},
): Answers {
  const { eligibleItems, publicRows, splitSeed } = options;
  let answers: Answers;
  if (challenge.target.kind === "ranking") {
    const rows = parseCsvRows(csv).slice(1);
    const ids = rows.map((row) => idKey([row[0] ?? ""]));
    const relevant = rows.map((row) => new Set((row[1] ?? "").split(" ").filter(Boolean)));
    answers = {
      table: {
        ids,
        positions: new Map(ids.map((id, i) => [id, i])),
        predictions: { kind: "ranking", values: [] },
      },
      relevant,
      ...(eligibleItems ? { eligible: new Set(eligibleItems) } : {}),
    };
  } else {
    const parsed = parseSubmission(csv, challenge);
    if (!parsed.ok) {
      throw new Error(`Answers for ${challenge.key} are malformed: ${parsed.errors.join(" | ")}`);
    }
    answers = { table: parsed.table };
  }
  if (publicRows) {
    const problem = splitProblem(publicRows, answers.table.ids.length);
    if (problem) throw new Error(`The stored split of ${challenge.key} is unusable: ${problem}`);
    answers.isPublic = publicRows;
  } else if (splitSeed !== undefined) {
    answers.isPublic = computePublicRows(challenge, splitSeed, answers.table.ids);
  }
  return answers;
}
