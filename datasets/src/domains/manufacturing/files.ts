import { fileColumns } from "@tandem/competition";
import {
  activeDomain,
  domainFiles,
  majoritySampleRows,
  meanSampleRows,
  targetFiles,
} from "../../domain-files";
import type { DomainFiles } from "../../types";
import type { ManufacturingDraws } from "./index";

export function manufacturingFiles(draws: ManufacturingDraws): DomainFiles {
  const { windows, units, shifts, operatorLogs, production } = draws;
  const manufacturing = activeDomain("manufacturing");
  // The sensor files have hundreds of thousands of rows: their lines are written as they are made.
  const header = fileColumns(manufacturing, "sensor_readings_train.csv").join(",");
  const readings = (lines: string[]) => [header, ...lines, ""].join("\n");
  const data = {
    ...targetFiles(
      manufacturing,
      1,
      ["maintenance_windows_train.csv", "maintenance_windows_test.csv"],
      windows,
    ),
    "sensor_readings_train.csv": readings(windows.readingsTrain),
    "sensor_readings_test.csv": readings(windows.readingsTest),
    ...targetFiles(manufacturing, 2, ["batches_train.csv", "batches_test.csv"], units),
    ...targetFiles(
      manufacturing,
      3,
      ["shift_workload_train.csv", "shift_workload_test.csv"],
      shifts,
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
