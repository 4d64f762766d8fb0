import { describe, expect, it } from "vitest";
import { generateDomain } from "../src/generate";
import { BASELINE_TIMEOUT_MS, checkBaseline, runBaseline } from "./support/baseline";
import { expectDomainContract, headerOf, rowsOf } from "./support/contract";

const SMALL = 0.25;
const domain = generateDomain("manufacturing", "7", SMALL);

const WINDOW = [
  "window_id",
  "machine_id",
  "shift_id",
  "window_start",
  "window_end",
  "hours_since_service",
  "vibration_mean",
  "spindle_temp_mean",
  "spindle_load_mean",
  "coolant_flow_mean",
];
const READING = [
  "timestamp",
  "machine_id",
  "vibration_mm_s",
  "spindle_temp_c",
  "spindle_load_pct",
  "coolant_flow_lpm",
];
const UNIT = [
  "unit_id",
  "machine_id",
  "speed_rpm",
  "feed_mm_rev",
  "coolant_pct",
  "target_temp_c",
  "shift_id",
  "part_family",
];
const SHIFT = [
  "shift_id",
  "line_id",
  "date",
  "shift",
  "planned_units",
  "machines_available",
  "operators_scheduled",
  "changeovers",
  "rush_orders",
];
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/;
const HOUR = 3_600_000;

interface ProductionLog {
  shift_id: string;
  line_id: string;
  shift_start: string;
  material_status: string;
  planned_service: string[];
  orders: { order_id: string; part_family: string; quantity: number; priority: string }[];
}
const productionLogs = JSON.parse(domain.files["production_logs.json"]!) as ProductionLog[];
const operatorLogs = JSON.parse(domain.files["operator_logs.json"]!) as Record<string, unknown>[];
const lineOf = (machineId: string) => `LINE_${Math.ceil(Number(machineId.slice(4)) / 10)}`;

describe("Manufacturing data", () => {
  it("has every file and column of docs/product.md#datasets and the design", () => {
    expect(headerOf(domain, "maintenance_windows_train.csv")).toEqual([
      ...WINDOW,
      "failure_within_24h",
    ]);
    expect(headerOf(domain, "maintenance_windows_test.csv")).toEqual(WINDOW);
    expect(headerOf(domain, "sensor_readings_train.csv")).toEqual(READING);
    expect(headerOf(domain, "sensor_readings_test.csv")).toEqual(READING);
    expect(headerOf(domain, "batches_train.csv")).toEqual([...UNIT, "ReworkCostUSD"]);
    expect(headerOf(domain, "batches_test.csv")).toEqual(UNIT);
    expect(headerOf(domain, "shift_workload_train.csv")).toEqual([...SHIFT, "hours_delayed"]);
    expect(headerOf(domain, "shift_workload_test.csv")).toEqual(SHIFT);
    expect(Object.keys(productionLogs[0]!)).toEqual([
      "shift_id",
      "line_id",
      "shift_start",
      "material_status",
      "planned_service",
      "orders",
    ]);
    expect(Object.keys(productionLogs[0]!.orders[0]!)).toEqual([
      "order_id",
      "part_family",
      "quantity",
      "priority",
    ]);
    expect(Object.keys(operatorLogs[0]!)).toEqual([
      "log_id",
      "timestamp",
      "shift_id",
      "line_id",
      "machine_id",
      "operator_id",
      "note",
    ]);
    expectDomainContract(domain);
  });

  it("has typed, plausible values that agree across files", () => {
    const shifts = new Map(
      [
        ...rowsOf(domain, "shift_workload_train.csv"),
        ...rowsOf(domain, "shift_workload_test.csv"),
      ].map((row) => [row[0]!, row]),
    );
    expect(new Set(productionLogs.map((log) => log.shift_id))).toEqual(new Set(shifts.keys()));

    const windows = rowsOf(domain, "maintenance_windows_train.csv");
    for (const row of windows) {
      expect(row[0]).toMatch(/^W\d{5}$/);
      expect(row[1]).toMatch(/^MCH_0(0[1-9]|[1-4]\d|50)$/);
      expect(shifts.get(row[2]!)![1]).toBe(lineOf(row[1]!));
      expect(row[3]).toMatch(ISO);
      expect(Date.parse(row[4]!) - Date.parse(row[3]!)).toBe(8 * HOUR);
      expect(Number(row[5])).toBeGreaterThanOrEqual(0);
      expect(["0", "1"]).toContain(row[10]);
    }
    const failureRate = windows.filter((row) => row[10] === "1").length / windows.length;
    expect(failureRate).toBeGreaterThan(0.05);
    expect(failureRate).toBeLessThan(0.3);

    // Every window has its 96 five-minute readings, and its means are theirs.
    const readings = rowsOf(domain, "sensor_readings_train.csv");
    expect(readings.length).toBe(windows.length * 96);
    const first = windows[0]!;
    const own = readings.filter(
      (r) => r[1] === first[1] && r[0]! >= first[3]! && r[0]! < first[4]!,
    );
    expect(own.length).toBe(96);
    expect(own[1]![0]).toBe(
      new Date(Date.parse(first[3]!) + 5 * 60_000).toISOString().replace(".000Z", "Z"),
    );
    const meanOf = (i: number) => own.reduce((sum, r) => sum + Number(r[i]), 0) / 96;
    expect(meanOf(2)).toBeCloseTo(Number(first[6]), 2);
    expect(meanOf(4)).toBeCloseTo(Number(first[8]), 2);
    for (const r of readings.slice(0, 500)) {
      expect(r[0]).toMatch(ISO);
      expect(Number(r[4])).toBeGreaterThanOrEqual(0);
      expect(Number(r[4])).toBeLessThanOrEqual(100);
    }

    const units = rowsOf(domain, "batches_train.csv");
    const families = ["bracket", "flange", "shaft", "gear_blank", "housing", "manifold"];
    for (const row of units) {
      expect(row[0]).toMatch(/^U\d{5}$/);
      expect(shifts.get(row[6]!)![1]).toBe(lineOf(row[1]!));
      expect(families).toContain(row[7]);
      expect(Number(row[2])).toBeGreaterThan(500);
      expect(Number(row[8])).toBeGreaterThanOrEqual(0);
    }
    const reworkRate = units.filter((row) => Number(row[8]) > 0).length / units.length;
    expect(reworkRate).toBeGreaterThan(0.05);
    expect(reworkRate).toBeLessThan(0.4);

    for (const row of rowsOf(domain, "shift_workload_train.csv")) {
      expect(row[0]).toMatch(/^SH\d{5}$/);
      expect(["Day", "Swing", "Night"]).toContain(row[3]);
      expect(Number(row[5])).toBeLessThanOrEqual(10);
      expect(Number(row[9])).toBeGreaterThanOrEqual(0);
    }
    for (const log of operatorLogs) {
      expect(log.timestamp).toMatch(ISO);
      expect(shifts.has(log.shift_id as string)).toBe(true);
    }
  });

  it("shows no test window anything from its own 24-hour horizon", () => {
    const trainWindows = rowsOf(domain, "maintenance_windows_train.csv");
    const testWindows = rowsOf(domain, "maintenance_windows_test.csv");
    const lastTrainHorizon = Math.max(
      ...trainWindows.map((row) => Date.parse(row[4]!) + 24 * HOUR),
    );
    expect(Math.min(...testWindows.map((row) => Date.parse(row[3]!)))).toBeGreaterThanOrEqual(
      lastTrainHorizon,
    );
    const byMachine = new Map<string, number[]>();
    for (const row of rowsOf(domain, "sensor_readings_test.csv")) {
      const times = byMachine.get(row[1]!) ?? [];
      times.push(Date.parse(row[0]!));
      byMachine.set(row[1]!, times);
    }
    for (const row of testWindows) {
      const end = Date.parse(row[4]!);
      const seen = (byMachine.get(row[1]!) ?? []).filter((t) => t >= end && t < end + 30 * HOUR);
      expect(seen, row[0]).toEqual([]);
      const notes = operatorLogs.filter(
        (log) =>
          log.machine_id === row[1] &&
          Date.parse(log.timestamp as string) >= end &&
          Date.parse(log.timestamp as string) < end + 30 * HOUR,
      );
      expect(notes, row[0]).toEqual([]);
    }
  });

  it("gives the same bytes for the same seed, and different data for another", () => {
    const again = generateDomain("manufacturing", "7", SMALL);
    expect(again.files).toEqual(domain.files);
    expect(again.answers).toEqual(domain.answers);
    const other = generateDomain("manufacturing", "8", SMALL);
    for (const file of [
      "maintenance_windows_test.csv",
      "batches_test.csv",
      "shift_workload_test.csv",
    ])
      expect(other.files[file]).not.toEqual(domain.files[file]);
  });
});

describe("Manufacturing baselines (Debian's python3 with pandas and scikit-learn)", () => {
  it(
    "challenge 1 (Macro-F1): valid submission, clearly better than all-zero, worse than perfect",
    async () => {
      const check = checkBaseline(
        domain,
        1,
        await runBaseline(domain, 1),
        domain.files["sample_submission_c1.csv"]!,
      );
      expect(check.baseline).toBeGreaterThan(check.constant + 0.05);
      expect(check.baseline).toBeLessThan(check.perfect - 0.15);
    },
    BASELINE_TIMEOUT_MS,
  );

  it(
    "challenge 2 (Gini): valid submission, clearly better than a constant, worse than perfect",
    async () => {
      const check = checkBaseline(
        domain,
        2,
        await runBaseline(domain, 2),
        domain.files["sample_submission_c2.csv"]!,
      );
      expect(check.baseline).toBeGreaterThan(check.constant + 0.15);
      expect(check.baseline).toBeLessThan(check.perfect - 0.2);
    },
    BASELINE_TIMEOUT_MS,
  );

  it(
    "challenge 3 (MSE): valid submission, clearly better than the train mean, worse than perfect",
    async () => {
      const check = checkBaseline(
        domain,
        3,
        await runBaseline(domain, 3),
        domain.files["sample_submission_c3.csv"]!,
      );
      expect(check.baseline).toBeLessThan(check.constant * 0.8);
      expect(check.baseline).toBeGreaterThan(check.perfect + 0.3);
    },
    BASELINE_TIMEOUT_MS,
  );
});
