import { activeDomain, domainFiles, targetOf, trainAndTestFiles } from "../../domain-files";
import { mean } from "../../numbers";
import type { DomainFiles } from "../../types";
import type { InsuranceDraws } from "./index";
import { policyRow } from "./policies";

/** The most frequent value; the first seen wins a tie. */
function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

export function insuranceFiles(draws: InsuranceDraws): DomainFiles {
  const { policies, nextYearLoss, claims, policyFiles } = draws;
  const insurance = activeDomain("insurance");
  const loss = (i: number) => nextYearLoss[i]!.toFixed(2);
  const data = {
    ...trainAndTestFiles(
      insurance,
      ["train_claims.csv", "test_claims.csv"],
      {
        train: claims.train.map((c) => [...c.row, c.complexity, c.fraud]),
        test: claims.test.map((c) => c.row),
      },
      [targetOf(insurance, 1), targetOf(insurance, 3)],
    ),
    ...trainAndTestFiles(
      insurance,
      ["train_policies_subset.csv", "test_policies_subset.csv"],
      {
        train: policyFiles.train.map((i) => [...policyRow(policies[i]!), loss(i)]),
        test: policyFiles.test.map((i) => policyRow(policies[i]!)),
      },
      [targetOf(insurance, 2)],
    ),
  };
  const claimIds = claims.test.map((c) => [c.row[0]!]);
  const trainLossMean = mean(policyFiles.train.map((i) => nextYearLoss[i]!));
  return domainFiles(
    insurance,
    data,
    [
      {
        ids: claimIds,
        sample: [mostCommon(claims.train.map((c) => c.complexity))],
        answers: claims.test.map((c) => c.complexity),
      },
      {
        ids: policyFiles.test.map((i) => [policies[i]!.id]),
        sample: [trainLossMean.toFixed(2)],
        answers: policyFiles.test.map(loss),
      },
      { ids: claimIds, sample: [0], answers: claims.test.map((c) => c.fraud) },
    ],
    new URL("./notebooks/", import.meta.url),
  );
}
