import { describe, expect, it } from "vitest";
import { generateDomain } from "../src/generate";
import { BASELINE_TIMEOUT_MS, checkBaseline, runBaseline } from "./support/baseline";
import { expectDomainContract, headerOf, rowsOf } from "./support/contract";

// A quarter of the published size: enough claims and policies for stable Macro-F1 and Gini.
const SCALE = 0.25;
const domain = generateDomain("insurance", "7", SCALE);

const CLAIM_COLUMNS = [
  "ClaimID",
  "PolicyID",
  "ClaimDate",
  "ClaimType",
  "ReportedDamage",
  "NumParties",
  "Description",
];
const POLICY_COLUMNS = [
  "PolicyID",
  "HolderAge",
  "VehicleType",
  "AnnualMileage",
  "LocationUrban",
  "CreditScore",
  "PolicyStart",
  "PolicyEnd",
];

describe("Insurance data", () => {
  it("has every file and column of the data contract (docs/product.md#datasets)", () => {
    expect(headerOf(domain, "train_claims.csv")).toEqual([
      ...CLAIM_COLUMNS,
      "ClaimComplexityLabel",
      "FraudLabel",
    ]);
    expect(headerOf(domain, "test_claims.csv")).toEqual(CLAIM_COLUMNS);
    expect(headerOf(domain, "train_policies_subset.csv")).toEqual([
      ...POLICY_COLUMNS,
      "NextYearLoss",
    ]);
    expect(headerOf(domain, "test_policies_subset.csv")).toEqual(POLICY_COLUMNS);
    expectDomainContract(domain);
  });

  it("has typed, plausible values", () => {
    const claims = rowsOf(domain, "train_claims.csv");
    expect(claims.length).toBeGreaterThan(3000);
    for (const row of claims.slice(0, 500)) {
      expect(row[0]).toMatch(/^CLM-\d{6}$/);
      expect(row[1]).toMatch(/^POL-\d{6}$/);
      expect(row[2]).toMatch(/^202[1-4]-\d\d-\d\d$/);
      expect(["Fender-Bender", "Major Collision", "Theft/Comprehensive"]).toContain(row[3]);
      expect(Number(row[4])).toBeGreaterThan(0);
      expect([1, 2, 3, 4]).toContain(Number(row[5]));
      expect(row[6]!.length).toBeGreaterThan(20);
      expect(["Simple", "Moderate", "Complex"]).toContain(row[7]);
      expect(["0", "1"]).toContain(row[8]);
    }
    const share = (label: string, column: number) =>
      claims.filter((row) => row[column] === label).length / claims.length;
    for (const label of ["Simple", "Moderate", "Complex"]) {
      expect(share(label, 7)).toBeGreaterThan(0.15);
    }
    expect(share("1", 8)).toBeGreaterThan(0.03);
    expect(share("1", 8)).toBeLessThan(0.12);

    const policies = rowsOf(domain, "train_policies_subset.csv");
    for (const row of policies.slice(0, 500)) {
      expect(row[0]).toMatch(/^POL-\d{6}$/);
      expect(Number(row[1])).toBeGreaterThanOrEqual(18);
      expect(Number(row[1])).toBeLessThanOrEqual(85);
      expect(["Sedan", "SUV", "Sports"]).toContain(row[2]);
      expect(Number(row[3])).toBeGreaterThan(0);
      expect(["0", "1"]).toContain(row[4]);
      expect(Number(row[5])).toBeGreaterThanOrEqual(0);
      expect(Number(row[5])).toBeLessThanOrEqual(1);
      expect(row[6]).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(row[7]! > row[6]!).toBe(true);
      expect(Number(row[8])).toBeGreaterThanOrEqual(0);
    }
    const zeroLoss = policies.filter((row) => Number(row[8]) === 0).length / policies.length;
    expect(zeroLoss).toBeGreaterThan(0.7);
    expect(zeroLoss).toBeLessThan(0.95);

    // Policy ids are unique across the two policy files; claims point at policies of the book.
    const trainIds = new Set(policies.map((row) => row[0]));
    for (const row of rowsOf(domain, "test_policies_subset.csv"))
      expect(trainIds.has(row[0])).toBe(false);
  });

  it("gives the same bytes for the same seed, and different data for another", () => {
    const again = generateDomain("insurance", "7", SCALE);
    expect(again.files).toEqual(domain.files);
    expect(again.answers).toEqual(domain.answers);
    expect(generateDomain("insurance", "8", SCALE).files["test_claims.csv"]).not.toEqual(
      domain.files["test_claims.csv"],
    );
  });
});

describe("Insurance baselines (Debian's python3 with pandas and scikit-learn)", () => {
  it.each([1, 2, 3])(
    "challenge %i: valid submission, clearly better than constant, clearly worse than perfect",
    async (n) => {
      const submission = await runBaseline(domain, n);
      // The samples are constants: the majority label, the mean loss, all zeros.
      const sample = domain.files[`sample_submission_c${n}.csv`]!;
      const check = checkBaseline(domain, n, submission, sample);
      expect(check.baseline).toBeGreaterThan(check.constant + 0.05);
      expect(check.baseline).toBeLessThan(check.perfect - 0.1);
    },
    BASELINE_TIMEOUT_MS,
  );
});
