import type { Challenge, Domain } from "./types";

/** The sample submission every challenge publishes: a valid file with a constant prediction. */
export const sampleSubmissionFile = (challenge: Pick<Challenge, "number">) =>
  `sample_submission_c${challenge.number}.csv`;

/** Where a domain's public files are served (the gateway's `/static/`). */
export const domainFilesUrl = (slug: string) => `/static/${slug}/`;

export const baselineNotebookFile = (challenge: Pick<Challenge, "number">) =>
  `Challenge${challenge.number}_baseline.ipynb`;

/** The answers file of a ranking challenge names its relevant items in this column. */
export const RELEVANT_COLUMN = "relevant";

/** The columns of a challenge's answers, in order. */
export function answersHeader(challenge: Challenge): string[] {
  return challenge.target.kind === "ranking"
    ? [...challenge.idColumns, RELEVANT_COLUMN]
    : [...challenge.header];
}

/** The column a label or numeric challenge predicts: the last of its submission header. */
export const targetColumn = (challenge: Challenge) => challenge.header.at(-1)!;

/** A public file's columns in file order: the ones its data dictionary lists. */
export function fileColumns(domain: Domain, file: string): string[] {
  const columns = domain.dataFiles.find((f) => f.name === file)?.columns;
  if (!columns) throw new Error(`${domain.slug}: no columns listed for ${file}`);
  return Object.keys(columns);
}
