import { describe, expect, it } from "vitest";
import { generateDomain } from "../src/generate";
import { BASELINE_TIMEOUT_MS, checkBaseline, runBaseline } from "./support/baseline";
import { expectDomainContract, headerOf, rowsOf } from "./support/contract";

const SMALL = 0.1;
const domain = generateDomain("food", "7", SMALL);

const BATCH = [
  "batch_id",
  "sku_id",
  "site_id",
  "dwell_hours",
  "mean_temp_F",
  "mean_rh_pct",
  "door_opens_count",
];
const LOT = [
  "lot_id",
  "sku_id",
  "site_id",
  "cook_temp_F",
  "cook_time_min",
  "chill_time_min",
  "acidification_pH",
  "line_speed",
  "sanitation_gap_min",
  "inspector_note",
];
const DEMAND = [
  "region_id",
  "sku_id",
  "week",
  "sku_base",
  "price",
  "base_price",
  "promo_flag",
  "feature_display",
  "stockout_prev",
  "seasonal_index",
];

describe("Food Production data", () => {
  it("has every file and column of the data contract (docs/product.md#datasets)", () => {
    expect(headerOf(domain, "batches_train.csv")).toEqual([...BATCH, "shelf_life_remaining_days"]);
    expect(headerOf(domain, "batches_test.csv")).toEqual(BATCH);
    expect(headerOf(domain, "lots_train.csv")).toEqual([...LOT, "qc_pass"]);
    expect(headerOf(domain, "lots_test.csv")).toEqual(LOT);
    expect(headerOf(domain, "demand_train.csv")).toEqual([...DEMAND, "units_sold_next_week"]);
    expect(headerOf(domain, "demand_test.csv")).toEqual(DEMAND);
    expect(headerOf(domain, "products.csv")).toEqual([
      "sku_id",
      "product_name",
      "category",
      "shelf_life_days",
      "list_price",
    ]);
    expect(headerOf(domain, "sites.csv")).toEqual([
      "site_id",
      "site_name",
      "region_id",
      "opened_year",
      "sanitation_audit_score",
      "cold_room_age_years",
    ]);
    expect(headerOf(domain, "regions.csv")).toEqual([
      "region_id",
      "region_name",
      "population_m",
      "urban_share",
      "store_count",
      "price_sensitivity",
    ]);
    expect(headerOf(domain, "market_memos.csv")).toEqual(["memo_id", "week", "region_id", "memo"]);
    const series = JSON.parse(domain.files["storage_series.json"]!) as Record<string, unknown>[];
    expect(Object.keys(series[0]!)).toEqual([
      "batch_id",
      "site_id",
      "interval_hours",
      "temp_F",
      "rh_pct",
    ]);
    expectDomainContract(domain);
  });

  it("has typed, plausible values that agree across files", () => {
    const products = new Map(rowsOf(domain, "products.csv").map((row) => [row[0]!, row]));
    const sites = new Set(rowsOf(domain, "sites.csv").map((row) => row[0]!));
    const regions = new Set(rowsOf(domain, "regions.csv").map((row) => row[0]!));
    expect(products.size).toBe(48);

    const batches = rowsOf(domain, "batches_train.csv");
    const series = new Map(
      (
        JSON.parse(domain.files["storage_series.json"]!) as {
          batch_id: string;
          temp_F: number[];
          rh_pct: number[];
        }[]
      ).map((record) => [record.batch_id, record]),
    );
    expect(series.size).toBe(batches.length + rowsOf(domain, "batches_test.csv").length);
    for (const row of batches) {
      expect(row[0]).toMatch(/^B\d{6}$/);
      expect(products.has(row[1]!)).toBe(true);
      expect(sites.has(row[2]!)).toBe(true);
      const dwell = Number(row[3]);
      expect(dwell).toBeGreaterThan(0);
      expect(dwell).toBeLessThanOrEqual(168);
      const readings = series.get(row[0]!)!;
      expect(readings.temp_F.length).toBe(Math.ceil(dwell / 2));
      expect(readings.rh_pct.length).toBe(readings.temp_F.length);
      const meanTemp = readings.temp_F.reduce((a, b) => a + b, 0) / readings.temp_F.length;
      expect(Math.abs(meanTemp - Number(row[4]))).toBeLessThan(0.051);
      expect(Number(row[5])).toBeGreaterThan(50);
      expect(Number(row[5])).toBeLessThan(100);
      expect(Number.isInteger(Number(row[6]))).toBe(true);
      const remaining = Number(row[7]);
      expect(remaining).toBeGreaterThanOrEqual(0);
      expect(remaining).toBeLessThanOrEqual(Number(products.get(row[1]!)![3]) * 1.1 + 1.5);
    }

    const lots = rowsOf(domain, "lots_train.csv");
    for (const row of lots) {
      expect(row[0]).toMatch(/^L\d{6}$/);
      expect(Number(row[3])).toBeGreaterThan(140);
      expect(Number(row[6])).toBeGreaterThan(3);
      expect(Number(row[6])).toBeLessThan(5.5);
      expect(["0", "1"]).toContain(row[10]);
    }
    const passRate = lots.filter((row) => row[10] === "1").length / lots.length;
    expect(passRate).toBeGreaterThan(0.6);
    expect(passRate).toBeLessThan(0.92);

    const demand = rowsOf(domain, "demand_train.csv");
    for (const row of demand) {
      expect(regions.has(row[0]!)).toBe(true);
      expect(products.has(row[1]!)).toBe(true);
      expect(Number(row[2])).toBeLessThanOrEqual(40);
      expect(Number(row[4])).toBeLessThanOrEqual(Number(row[5]) * 1.07);
      expect(["0", "1"]).toContain(row[6]);
      expect(Number.isInteger(Number(row[10]))).toBe(true);
    }
    const testWeeks = rowsOf(domain, "demand_test.csv").map((row) => Number(row[2]));
    expect(Math.min(...testWeeks)).toBe(41);
    expect(Math.max(...testWeeks)).toBe(52);
    for (const memo of rowsOf(domain, "market_memos.csv")) expect(regions.has(memo[2]!)).toBe(true);
  });

  it("gives the same bytes for the same seed, and different data for another", () => {
    const again = generateDomain("food", "7", SMALL);
    expect(again.files).toEqual(domain.files);
    expect(again.answers).toEqual(domain.answers);
    const other = generateDomain("food", "8", SMALL);
    for (const file of ["batches_test.csv", "lots_test.csv", "demand_test.csv"])
      expect(other.files[file]).not.toEqual(domain.files[file]);
  });
});

describe("Food Production baselines (Debian's python3 with pandas and scikit-learn)", () => {
  it(
    "challenge 1 (MAE): valid submission, clearly better than the train mean, worse than perfect",
    async () => {
      const check = checkBaseline(
        domain,
        1,
        await runBaseline(domain, 1),
        domain.files["sample_submission_c1.csv"]!,
      );
      expect(check.baseline).toBeLessThan(check.constant * 0.5);
      expect(check.baseline).toBeGreaterThan(check.perfect + 0.3);
    },
    BASELINE_TIMEOUT_MS,
  );

  it(
    "challenge 2 (Macro-F1): valid submission, clearly better than all-pass, worse than perfect",
    async () => {
      const check = checkBaseline(
        domain,
        2,
        await runBaseline(domain, 2),
        domain.files["sample_submission_c2.csv"]!,
      );
      expect(check.baseline).toBeGreaterThan(check.constant + 0.05);
      expect(check.baseline).toBeLessThan(check.perfect - 0.1);
    },
    BASELINE_TIMEOUT_MS,
  );

  it(
    "challenge 3 (RMSE): valid submission, clearly better than the train mean, worse than perfect",
    async () => {
      const check = checkBaseline(
        domain,
        3,
        await runBaseline(domain, 3),
        domain.files["sample_submission_c3.csv"]!,
      );
      expect(check.baseline).toBeLessThan(check.constant * 0.7);
      expect(check.baseline).toBeGreaterThan(check.perfect + 5);
    },
    BASELINE_TIMEOUT_MS,
  );
});
