import {
  answersHeader,
  type Domain,
  fileColumns,
  sampleSubmissionFile,
  targetColumn,
} from "@tandem/competition";
import { findDomain } from "@tandem/competition/server";
import { toCsv } from "./csv-writer";
import { describeDomain } from "./description";
import { baselineNotebooks } from "./notebook/baseline";
import { majorityLabel, mean } from "./numbers";
import { lastValues, leadingColumns, type Row } from "./rows";
import type { DomainFiles } from "./types";

/** A challenge's rows to predict, as its sample submission and its answers need them. */
export interface ChallengeRows {
  /** The id columns of each row to predict (of each customer, for a ranking). */
  ids: readonly Row[];
  /** The sample submission's prediction, the same for every row (the items, for a ranking). */
  sample: Row;
  /** Each row's answer, in the order of `ids`. */
  answers: readonly (string | number)[];
  /** Ranking challenges: the only items a submission may name. */
  eligibleItems?: string[];
}

/**
 * What every domain publishes, in this order: its data files, each challenge's sample
 * submission, `description.md` and the baseline notebooks; and the answers of each challenge.
 * `challenges` follows the order of the domain's challenges.
 */
export function domainFiles(
  domain: Domain,
  data: Record<string, string>,
  challenges: readonly ChallengeRows[],
  notebooks: URL,
): DomainFiles {
  if (challenges.length !== domain.challenges.length) {
    throw new Error(
      `${domain.slug}: rows for ${challenges.length} challenges, not ${domain.challenges.length}`,
    );
  }
  const files = { ...data };
  const answers: DomainFiles["answers"] = {};
  domain.challenges.forEach((challenge, i) => {
    const { ids, sample, answers: values, eligibleItems } = challenges[i]!;
    files[sampleSubmissionFile(challenge)] = toCsv(
      challenge.header,
      ids.map((id) => [...id, ...sample]),
    );
    answers[challenge.key] = {
      csv: toCsv(
        answersHeader(challenge),
        ids.map((id, row) => [...id, values[row]!]),
      ),
      rowCount: ids.length,
      ...(eligibleItems ? { eligibleItems } : {}),
    };
  });
  files["description.md"] = describeDomain(domain);
  return {
    slug: domain.slug,
    files: { ...files, ...baselineNotebooks(domain, notebooks) },
    answers,
  };
}

/**
 * A training file and its test file, with the training file's columns from the data
 * dictionary; the test file leaves out the `hidden` ones (the targets).
 */
export function trainAndTestFiles(
  domain: Domain,
  [trainFile, testFile]: readonly [string, string],
  rows: { train: readonly Row[]; test: readonly Row[] },
  hidden: readonly string[],
): Record<string, string> {
  const columns = fileColumns(domain, trainFile);
  return {
    [trainFile]: toCsv(columns, rows.train),
    [testFile]: toCsv(
      columns.filter((column) => !hidden.includes(column)),
      rows.test,
    ),
  };
}

/** A CSV file with its columns from the data dictionary. */
export const csvFile = (domain: Domain, file: string, rows: readonly Row[]) =>
  toCsv(fileColumns(domain, file), rows);

/** The active definition's domain, when the data is made (generator-fit.ts checks it first). */
export function activeDomain(slug: string): Domain {
  const domain = findDomain(slug);
  if (!domain) throw new Error(`The active definition has no domain ${slug}`);
  return domain;
}

/** The target column of the domain's challenge `number`. */
export function targetOf(domain: Domain, number: number): string {
  const challenge = domain.challenges.find((c) => c.number === number);
  if (!challenge) throw new Error(`${domain.slug} has no challenge ${number}`);
  return targetColumn(challenge);
}

/** Challenge `number`'s training file and its test file, the test file without its target. */
export const targetFiles = (
  domain: Domain,
  number: number,
  files: readonly [string, string],
  rows: { train: readonly Row[]; test: readonly Row[] },
) => trainAndTestFiles(domain, files, rows, [targetOf(domain, number)]);

/** Rows whose training file ends each row with its target, and the test rows' answers. */
interface TargetSplit {
  train: readonly Row[];
  test: readonly Row[];
  answers: readonly (string | number)[];
}

/** A regression's rows to predict: the sample predicts the training targets' mean. */
export const meanSampleRows = (split: TargetSplit, idColumns = 1): ChallengeRows => ({
  ids: leadingColumns(split.test, idColumns),
  sample: [mean(lastValues(split.train)).toFixed(2)],
  answers: split.answers,
});

/** A binary classification's rows to predict: the sample predicts the training majority. */
export const majoritySampleRows = (split: TargetSplit, idColumns = 1): ChallengeRows => ({
  ids: leadingColumns(split.test, idColumns),
  sample: [majorityLabel(lastValues(split.train))],
  answers: split.answers,
});
