import { fileColumns } from "@tandem/competition";
import { findChallenge, findDomain } from "@tandem/competition/server";
import { domainFiles, majoritySampleRows, meanSampleRows, targetFiles } from "../../domain-files";
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
    ...targetFiles(
      manufacturing,
      ["maintenance_windows_train.csv", "maintenance_windows_test.csv"],
      windows,
      maintenance,
    ),
    "sensor_readings_train.csv": readings(windows.readingsTrain),
    "sensor_readings_test.csv": readings(windows.readingsTest),
    ...targetFiles(manufacturing, ["batches_train.csv", "batches_test.csv"], units, rework),
    ...targetFiles(
      manufacturing,
      ["shift_workload_train.csv", "shift_workload_test.csv"],
      shifts,
      delays,
    ),
    "operator_logs.json": `${JSON.stringify(operatorLogs)}\n`,
    "production_logs.json": `${JSON.stringify(production)}\n`,
  };
  return domainFiles(
    manufacturing,
    data,
    [majoritySampleRows(windows), meanSampleRows(units), meanSampleRows(shifts)],
    new URL("./notebooks/", import.meta.url),
  );
}
