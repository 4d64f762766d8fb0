import { METRICS } from "@tandem/competition";
import { describe, expect, it } from "vitest";
import { generateDomain } from "../src/generate";
import { BASELINE_TIMEOUT_MS, checkBaseline, runBaseline } from "./support/baseline";
import { expectDomainContract, headerOf, rowsOf } from "./support/contract";

// 1,050 admissions, 825 ED-cost patients and 600 stays: big enough for stable baseline checks,
// small enough that each python baseline takes a few seconds.
const SMALL = 0.15;
const domain = generateDomain("healthcare", "7", SMALL);

const INTEGER = /^\d+$/;
const MONEY = /^\d+\.\d\d$/;

describe("Healthcare data", () => {
  it("has every file and column of the data contract (docs/product.md#datasets)", () => {
    expect(headerOf(domain, "patients.csv")).toEqual([
      "patient_id",
      "age",
      "sex",
      "insurance",
      "zip3",
    ]);
    expect(headerOf(domain, "admissions_train.csv")).toEqual([
      "admission_id",
      "patient_id",
      "primary_dx",
      "los_days",
      "acuity_emergent",
      "charlson_band",
      "ed_visits_6m",
      "discharge_weekday",
      "readmit_30d",
    ]);
    expect(headerOf(domain, "admissions_test.csv")).toEqual(
      headerOf(domain, "admissions_train.csv").slice(0, -1),
    );
    expect(headerOf(domain, "ed_cost_train.csv")).toEqual([
      "patient_id",
      "primary_chronic",
      "prior_ed_visits_5y",
      "prior_ed_cost_5y_usd",
      "ed_cost_next3y_usd",
    ]);
    expect(headerOf(domain, "ed_cost_test.csv")).toEqual(
      headerOf(domain, "ed_cost_train.csv").slice(0, -1),
    );
    expect(headerOf(domain, "stays_train.csv")).toEqual([
      "stay_id",
      "patient_id",
      "unit_type",
      "admission_reason",
      "discharge_ready_day11",
    ]);
    expect(headerOf(domain, "stays_test.csv")).toEqual(
      headerOf(domain, "stays_train.csv").slice(0, -1),
    );

    const notes = JSON.parse(domain.files["discharge_notes.json"]!) as Record<string, unknown>[];
    expect(Object.keys(notes[0]!)).toEqual(["admission_id", "note"]);
    const vitals = JSON.parse(domain.files["vitals_timeseries.json"]!) as {
      stay_id: string;
      days: Record<string, unknown>[];
    }[];
    expect(Object.keys(vitals[0]!)).toEqual(["stay_id", "days"]);
    expect(Object.keys(vitals[0]!.days[0]!)).toEqual([
      "day",
      "hr",
      "sbp",
      "dbp",
      "temp_c",
      "rr",
      "note",
    ]);
    expectDomainContract(domain);
  });

  it("links every side record to its table, one note per admission and 10 days per stay", () => {
    const patientIds = new Set(rowsOf(domain, "patients.csv").map((row) => row[0]));
    const admissions = [
      ...rowsOf(domain, "admissions_train.csv"),
      ...rowsOf(domain, "admissions_test.csv"),
    ];
    const notes = JSON.parse(domain.files["discharge_notes.json"]!) as {
      admission_id: string;
      note: string;
    }[];
    expect(notes.map((n) => n.admission_id)).toEqual(admissions.map((row) => row[0]));
    for (const n of notes) expect(n.note.length).toBeGreaterThan(40);

    const stays = [...rowsOf(domain, "stays_train.csv"), ...rowsOf(domain, "stays_test.csv")];
    const vitals = JSON.parse(domain.files["vitals_timeseries.json"]!) as {
      stay_id: string;
      days: { day: number; hr: number; sbp: number; dbp: number; temp_c: number; rr: number }[];
    }[];
    expect(vitals.map((v) => v.stay_id)).toEqual(stays.map((row) => row[0]));
    for (const v of vitals) {
      expect(v.days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      for (const d of v.days) {
        expect(d.hr).toBeGreaterThan(30);
        expect(d.hr).toBeLessThan(200);
        expect(d.sbp).toBeGreaterThan(d.dbp);
        expect(d.temp_c).toBeGreaterThan(35);
        expect(d.temp_c).toBeLessThan(42);
        expect(d.rr).toBeGreaterThan(5);
      }
    }

    const edTrain = rowsOf(domain, "ed_cost_train.csv");
    const edTest = rowsOf(domain, "ed_cost_test.csv");
    const edIds = [...edTrain, ...edTest].map((row) => row[0]);
    expect(new Set(edIds).size).toBe(edIds.length); // train and test patients are disjoint
    const referenced = [...admissions, ...stays].map((row) => row[1]).concat(edIds);
    expect(referenced.filter((id) => !patientIds.has(id))).toEqual([]);
  });

  it("has typed, plausible values", () => {
    const patients = rowsOf(domain, "patients.csv");
    for (const row of patients) {
      expect(row[0]).toMatch(/^P\d{6}$/);
      expect(Number(row[1])).toBeGreaterThanOrEqual(18);
      expect(Number(row[1])).toBeLessThanOrEqual(98);
      expect(["F", "M"]).toContain(row[2]);
      expect(["private", "public", "self_pay"]).toContain(row[3]);
      expect(row[4]).toMatch(/^[1-9]\d\d$/);
    }

    const admissions = rowsOf(domain, "admissions_train.csv");
    for (const row of admissions) {
      expect(row[0]).toMatch(/^ADM\d{6}$/);
      expect(row[3]).toMatch(INTEGER);
      expect(Number(row[3])).toBeGreaterThanOrEqual(1);
      expect(["0", "1"]).toContain(row[4]);
      expect(["0", "1-2", "3-4", "5+"]).toContain(row[5]);
      expect(row[6]).toMatch(INTEGER);
      expect(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]).toContain(row[7]);
    }
    const readmitRate = admissions.filter((row) => row[8] === "1").length / admissions.length;
    expect(readmitRate).toBeGreaterThan(0.1);
    expect(readmitRate).toBeLessThan(0.3);

    const ed = rowsOf(domain, "ed_cost_train.csv");
    for (const row of ed) {
      expect(row[2]).toMatch(INTEGER);
      expect(row[3]).toMatch(MONEY);
      expect(row[4]).toMatch(MONEY);
      if (row[2] === "0") expect(row[3]).toBe("0.00");
    }
    const zeroCost = ed.filter((row) => row[4] === "0.00").length / ed.length;
    expect(zeroCost).toBeGreaterThan(0.05);
    expect(zeroCost).toBeLessThan(0.5);

    const stays = rowsOf(domain, "stays_train.csv");
    for (const row of stays) {
      expect(row[0]).toMatch(/^ST\d{6}$/);
      expect(["medical", "surgical", "icu", "step_down", "neuro"]).toContain(row[2]);
    }
    const readyRate = stays.filter((row) => row[4] === "1").length / stays.length;
    expect(readyRate).toBeGreaterThan(0.35);
    expect(readyRate).toBeLessThan(0.75);
  });

  it("gives the same bytes for the same seed, and different data for another", () => {
    const again = generateDomain("healthcare", "7", SMALL);
    expect(again.files).toEqual(domain.files);
    expect(again.answers).toEqual(domain.answers);
    const other = generateDomain("healthcare", "8", SMALL);
    for (const file of ["admissions_test.csv", "ed_cost_test.csv", "vitals_timeseries.json"])
      expect(other.files[file]).not.toEqual(domain.files[file]);
  });
});

describe("Healthcare baselines (Debian's python3 with pandas and scikit-learn)", () => {
  it.each([1, 2, 3])(
    "challenge %i: valid submission, clearly better than constant, clearly worse than perfect",
    async (n) => {
      const submission = await runBaseline(domain, n);
      // The sample is the constant: the majority label, or the training mean for ED cost.
      const sample = domain.files[`sample_submission_c${n}.csv`]!;
      const check = checkBaseline(domain, n, submission, sample);
      if (METRICS[check.challenge.metric].higherIsBetter) {
        expect(check.baseline).toBeGreaterThan(check.constant + 0.05);
        expect(check.baseline).toBeLessThan(check.perfect - 0.1);
      } else {
        // MAE in USD: perfect is 0.
        expect(check.baseline).toBeLessThan(check.constant * 0.9);
        expect(check.baseline).toBeGreaterThan(check.perfect + 0.25 * check.constant);
      }
    },
    BASELINE_TIMEOUT_MS,
  );
});
