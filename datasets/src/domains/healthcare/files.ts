import { activeDomain, csvFile, domainFiles, targetFiles } from "../../domain-files";
import { mean } from "../../numbers";
import { leadingColumns, type Row } from "../../rows";
import type { DomainFiles } from "../../types";
import type { HealthcareDraws } from "./index";

/** 1 only when more than half the labels are 1 (a tie predicts 0). */
const strictMajority = (labels: number[]) =>
  labels.reduce((a, b) => a + b, 0) * 2 > labels.length ? 1 : 0;

/** Rows before `trainCount` train, with their target appended; the rest are the test rows. */
const split = (rows: Row[], targets: readonly (string | number)[], trainCount: number) => ({
  train: rows.slice(0, trainCount).map((row, i) => [...row, targets[i]!]),
  test: rows.slice(trainCount),
});

export function healthcareFiles({ patients, admissions, ed, stays }: HealthcareDraws): DomainFiles {
  const healthcare = activeDomain("healthcare");
  const admissionFiles = split(admissions.rows, admissions.readmit, admissions.trainCount);
  const edCosts = ed.costs.map((cost) => cost.toFixed(2));
  const edFiles = split(ed.rows, edCosts, ed.trainCount);
  const stayFiles = split(stays.rows, stays.ready, stays.trainCount);
  const data = {
    "patients.csv": csvFile(
      healthcare,
      "patients.csv",
      patients.map((p) => [p.id, p.age, p.sex, p.insurance, p.zip3]),
    ),
    ...targetFiles(healthcare, 1, ["admissions_train.csv", "admissions_test.csv"], admissionFiles),
    "discharge_notes.json": `${JSON.stringify(admissions.notes)}\n`,
    ...targetFiles(healthcare, 2, ["ed_cost_train.csv", "ed_cost_test.csv"], edFiles),
    ...targetFiles(healthcare, 3, ["stays_train.csv", "stays_test.csv"], stayFiles),
    "vitals_timeseries.json": `${JSON.stringify(stays.vitals)}\n`,
  };
  return domainFiles(
    healthcare,
    data,
    [
      {
        ids: leadingColumns(admissionFiles.test),
        sample: [strictMajority(admissions.readmit.slice(0, admissions.trainCount))],
        answers: admissions.readmit.slice(admissions.trainCount),
      },
      {
        ids: leadingColumns(edFiles.test),
        sample: [mean(ed.costs.slice(0, ed.trainCount)).toFixed(2)],
        answers: edCosts.slice(ed.trainCount),
      },
      {
        ids: leadingColumns(stayFiles.test),
        sample: [strictMajority(stays.ready.slice(0, stays.trainCount))],
        answers: stays.ready.slice(stays.trainCount),
      },
    ],
    new URL("./notebooks/", import.meta.url),
  );
}
