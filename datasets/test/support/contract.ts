import { findDomain } from "@tandem/competition/server";
import { idKey, parseCsvRows } from "@tandem/scoring";
import { expect } from "vitest";
import type { DomainFiles } from "../../src/types";

/** The header row of a generated CSV file. */
export function headerOf(domain: DomainFiles, file: string): string[] {
  const text = domain.files[file];
  if (text === undefined) throw new Error(`${domain.slug} has no ${file}`);
  return parseCsvRows(text.slice(0, text.indexOf("\n") + 1))[0]!;
}

export function rowsOf(domain: DomainFiles, file: string): string[][] {
  return parseCsvRows(domain.files[file]!).slice(1);
}

/**
 * The checks every domain must pass (docs/product.md#datasets): each challenge has its sample
 * submission, baseline and answers; test ids are unique and equal the answer ids and the sample's
 * ids; train files carry the target and test files do not.
 */
export function expectDomainContract(domain: DomainFiles): void {
  const definition = findDomain(domain.slug)!;
  expect(domain.files["description.md"]).toContain(`# ${definition.name}`);
  for (const file of definition.dataFiles) expect(Object.keys(domain.files)).toContain(file.name);
  for (const challenge of definition.challenges) {
    const n = challenge.number;
    expect(Object.keys(domain.files)).toEqual(
      expect.arrayContaining([
        `sample_submission_c${n}.csv`,
        `Challenge${n}_baseline.ipynb`,
        challenge.testFile,
      ]),
    );
    expect(headerOf(domain, `sample_submission_c${n}.csv`)).toEqual(challenge.header);
    const answers = domain.answers[challenge.key];
    expect(answers, challenge.key).toBeDefined();
    expect(
      headerOf({ ...domain, files: { a: answers!.csv } }, "a").slice(0, challenge.idColumns.length),
    ).toEqual(challenge.idColumns);

    const testHeader = headerOf(domain, challenge.testFile);
    const idIndexes = challenge.idColumns.map((column) => testHeader.indexOf(column));
    expect(
      idIndexes.every((i) => i >= 0),
      `${challenge.testFile} has ${challenge.idColumns}`,
    ).toBe(true);
    if (challenge.target.kind !== "ranking") {
      expect(testHeader).not.toContain(challenge.header[challenge.header.length - 1]);
    }
    const testIds = rowsOf(domain, challenge.testFile).map((row) =>
      idKey(idIndexes.map((i) => row[i]!)),
    );
    const uniqueTestIds = new Set(testIds);
    // Ranking challenges list one row per customer purchase; the ids are the customers.
    if (challenge.target.kind !== "ranking") expect(uniqueTestIds.size).toBe(testIds.length);
    const answerIds = parseCsvRows(answers!.csv)
      .slice(1)
      .map((row) => idKey(row.slice(0, challenge.idColumns.length)));
    expect(new Set(answerIds)).toEqual(uniqueTestIds);
    expect(answerIds.length).toBe(answers!.rowCount);
    const sampleIds = rowsOf(domain, `sample_submission_c${n}.csv`).map((row) =>
      idKey(row.slice(0, challenge.idColumns.length)),
    );
    expect(new Set(sampleIds)).toEqual(uniqueTestIds);
  }
}
