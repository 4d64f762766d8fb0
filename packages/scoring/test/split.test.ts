import type { Challenge } from "@tandem/competition";
import { findChallenge } from "@tandem/competition/server";
import { describe, expect, it } from "vitest";
import { idKey } from "../src/csv";
import { computePublicRows, groupKeysOf, splitPosition, splitProblem } from "../src/split";

const SEED = "a-test-seed-of-thirty-two-characters-or-more";
const fraud = findChallenge("retail-banking", 1)!; // one row per transaction
const defaults = findChallenge("retail-banking", 2)!; // CustomerID,Week: grouped by customer

const txnIds = (n: number) => Array.from({ length: n }, (_, i) => `T${i + 1}`);
const publicShare = (rows: Uint8Array) => rows.reduce((sum, flag) => sum + flag, 0) / rows.length;

describe("splitPosition", () => {
  it("is the HMAC-SHA256 of the seed over the challenge and group, as a fraction", () => {
    // Reference: python3 -c "import hmac,hashlib; d=hmac.new(b'k', b'c/1\ng', hashlib.sha256).digest(); print((int.from_bytes(d[:8],'big')>>11)/2**53)"
    expect(splitPosition("k", "c/1", "g")).toBe(0.8965732940351488);
  });

  it("stays in [0, 1)", () => {
    for (let i = 0; i < 1000; i++) {
      const x = splitPosition(SEED, "x/1", String(i));
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});

describe("computePublicRows", () => {
  it("is the same for the same seed and changes with the seed", () => {
    const ids = txnIds(1000);
    const first = computePublicRows(fraud, SEED, ids);
    expect(computePublicRows(fraud, SEED, ids)).toEqual(first);
    const other = computePublicRows(fraud, `${SEED}-other`, ids);
    const differing = first.filter((flag, i) => flag !== other[i]).length;
    // Independent draws at 30% disagree on about 2 * 0.3 * 0.7 = 42% of rows.
    expect(differing).toBeGreaterThan(300);
  });

  it("differs between challenges that share a test file", () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `CLM-${i}`);
    const complexity = computePublicRows(findChallenge("insurance", 1)!, SEED, ids);
    const fraudLabel = computePublicRows(findChallenge("insurance", 3)!, SEED, ids);
    expect(complexity).not.toEqual(fraudLabel);
  });

  it("makes about publicFraction of 10,000 rows public", () => {
    const rows = computePublicRows(fraud, SEED, txnIds(10_000));
    // 30% of 10,000: the standard deviation is 46 rows, so 3% is over six of them.
    expect(Math.abs(publicShare(rows) - 0.3)).toBeLessThan(0.03);
    const half: Challenge = { ...fraud, split: { publicFraction: 0.5 } };
    expect(Math.abs(publicShare(computePublicRows(half, SEED, txnIds(10_000))) - 0.5)).toBeLessThan(
      0.03,
    );
  });

  it("keeps every group's rows in one part", () => {
    const ids: string[] = [];
    for (let customer = 1; customer <= 2000; customer++) {
      for (let week = 40; week <= 52; week++) ids.push(idKey([`C${customer}`, String(week)]));
    }
    const rows = computePublicRows(defaults, SEED, ids);
    const partOf = new Map<string, number>();
    groupKeysOf(defaults, ids).forEach((customer, i) => {
      const part = partOf.get(customer);
      if (part === undefined) partOf.set(customer, rows[i]!);
      else expect(rows[i], customer).toBe(part);
    });
    expect(partOf.size).toBe(2000);
    // The share holds over customers, not rows: 2,000 customers, sd 1%.
    expect(Math.abs(publicShare(rows) - 0.3)).toBeLessThan(0.04);
  });

  it("never leaves a part empty: the closest group moves over", () => {
    // With these fractions two rows draw the same side almost surely; the rule must fix it.
    const allPrivate: Challenge = { ...fraud, split: { publicFraction: 1e-12 } };
    const allPublic: Challenge = { ...fraud, split: { publicFraction: 1 - 1e-12 } };
    const ids = txnIds(5);
    const positions = ids.map((id) => splitPosition(SEED, fraud.key, id));
    const lowest = positions.indexOf(Math.min(...positions));
    const highest = positions.indexOf(Math.max(...positions));
    const madePublic = computePublicRows(allPrivate, SEED, ids);
    expect([...madePublic]).toEqual(ids.map((_, i) => (i === lowest ? 1 : 0)));
    const madePrivate = computePublicRows(allPublic, SEED, ids);
    expect([...madePrivate]).toEqual(ids.map((_, i) => (i === highest ? 0 : 1)));
    // Two rows always split one and one.
    expect(computePublicRows(allPrivate, SEED, txnIds(2)).reduce((a, b) => a + b)).toBe(1);
  });

  it("refuses a test set of a single group", () => {
    expect(() => computePublicRows(fraud, SEED, ["T1"])).toThrow(/1 group\(s\).*at least two/);
    expect(() =>
      computePublicRows(defaults, SEED, [idKey(["C1", "40"]), idKey(["C1", "41"])]),
    ).toThrow(/retail-banking\/2: 1 group/);
  });

  it("groups by the named id column only", () => {
    expect(groupKeysOf(defaults, [idKey(["C7", "40"])])).toEqual(["C7"]);
    expect(groupKeysOf(fraud, ["T1"])).toEqual(["T1"]);
    const wrong: Challenge = { ...fraud, split: { publicFraction: 0.3, groupBy: "Week" } };
    expect(() => groupKeysOf(wrong, ["T1"])).toThrow(/"Week" is not one of its id columns/);
  });
});

describe("splitProblem", () => {
  it("accepts a split with both parts and names what is wrong otherwise", () => {
    expect(splitProblem(Uint8Array.from([1, 0, 0]), 3)).toBeUndefined();
    expect(splitProblem(Uint8Array.from([0, 0]), 2)).toBe("no row is public");
    expect(splitProblem(Uint8Array.from([1, 1]), 2)).toBe("no row is private");
    expect(splitProblem(Uint8Array.from([1, 2]), 2)).toBe("the split holds 2, not 0 or 1");
  });
});
