import { fileColumns, targetColumn } from "@tandem/competition";
import { findChallenge, findDomain } from "@tandem/competition/server";
import { domainFiles, trainAndTestFiles } from "../../domain-files";
import { majorityLabel, mean } from "../../numbers";
import { lastValues, leadingColumns } from "../../rows";
import type { DomainFiles } from "../../types";
import type { makeShiftRows } from "./delays";
import type { makeOperatorLogs, productionLogs } from "./logs";
import type { makeWindows } from "./maintenance";
import type { makeUnits } from "./rework";

export function manufacturingFiles(
  windows: ReturnType<typeof makeWindows>,
  units: ReturnType<typeof makeUnits>,
  shifts: ReturnType<typeof makeShiftRows>,
  operatorLogs: ReturnType<typeof makeOperatorLogs>,
  production: ReturnType<typeof productionLogs>,
): DomainFiles {
  // The active definition's, when the data is made (generator-fit.ts checks it first).
  const manufacturing = findDomain("manufacturing")!;
  const maintenance = findChallenge("manufacturing", 1)!;
  const rework = findChallenge("manufacturing", 2)!;
  const delays = findChallenge("manufacturing", 3)!;
  // The sensor files have hundreds of thousands of rows: their lines are written as they are made.
  const header = fileColumns(manufacturing, "sensor_readings_train.csv").join(",");
  const readings = (lines: string[]) => [header, ...lines, ""].join("\n");
  const data = {
    ...trainAndTestFiles(
      manufacturing,
      ["maintenance_windows_train.csv", "maintenance_windows_test.csv"],
      windows,
      [targetColumn(maintenance)],
    ),
    "sensor_readings_train.csv": readings(windows.readingsTrain),
    "sensor_readings_test.csv": readings(windows.readingsTest),
    ...trainAndTestFiles(manufacturing, ["batches_train.csv", "batches_test.csv"], units, [
      targetColumn(rework),
    ]),
    ...trainAndTestFiles(
      manufacturing,
      ["shift_workload_train.csv", "shift_workload_test.csv"],
      shifts,
      [targetColumn(delays)],
    ),
    "operator_logs.json": `${JSON.stringify(operatorLogs)}\n`,
    "production_logs.json": `${JSON.stringify(production)}\n`,
  };
  return domainFiles(
    manufacturing,
    data,
    [
      {
        ids: leadingColumns(windows.test),
        sample: [majorityLabel(lastValues(windows.train))],
        answers: windows.answers,
      },
      {
        ids: leadingColumns(units.test),
        sample: [mean(lastValues(units.train)).toFixed(2)],
        answers: units.answers,
      },
      {
        ids: leadingColumns(shifts.test),
        sample: [mean(lastValues(shifts.train)).toFixed(2)],
        answers: shifts.answers,
      },
    ],
    new URL("./notebooks/", import.meta.url),
  );
}
