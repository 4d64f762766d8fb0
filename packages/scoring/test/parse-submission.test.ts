import { findChallenge } from "@tandem/competition/server";
import { describe, expect, it } from "vitest";
import { idKey } from "../src/csv";
import { parseSubmission } from "../src/parse-submission";

const fraud = findChallenge("retail-banking", 1)!;
const credit = findChallenge("Retail Banking", 2)!;
const pricing = findChallenge("insurance", 2)!;
const expected = new Map(["T1", "T2", "T3"].map((id, i) => [idKey([id]), i]));

describe("parseSubmission", () => {
  it("accepts a valid file and normalizes pandas-style labels", () => {
    const result = parseSubmission("TxnID,FraudLabel\nT1,1.0\nT2,False\nT3,True\n", fraud, {
      expected,
    });
    expect(result.ok).toBe(true);
    if (!result.ok || result.table.predictions.kind !== "label") throw new Error("not parsed");
    const { labels, values } = result.table.predictions;
    expect(Array.from(values, (code) => labels[code])).toEqual(["1", "0", "1"]);
  });

  it("requires the exact header, in order", () => {
    const result = parseSubmission("FraudLabel,TxnID\n1,T1\n", fraud);
    expect(result).toMatchObject({
      ok: false,
      errors: ['Header must be exactly "TxnID,FraudLabel" (got "FraudLabel,TxnID")'],
    });
  });

  it("names rows with labels outside the label set, duplicates, and missing ids", () => {
    const result = parseSubmission("TxnID,FraudLabel\nT1,maybe\nT1,0\n", fraud, { expected });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContain('FraudLabel must be one of 0, 1: row 2 has "maybe"');
    expect(result.errors).toContain("Duplicate id: row 3 (T1)");
    expect(result.errors.some((e) => e.startsWith("Missing ids: 2 test ids have no row"))).toBe(
      true,
    );
    expect(result.errors).toContain("Wrong row count: expected 3 rows, got 2");
  });

  it("rejects ids that are not in the test set", () => {
    const result = parseSubmission("TxnID,FraudLabel\nT1,0\nT2,0\nT9,0\n", fraud, { expected });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toContain("Id not in the test set: row 4 (T9)");
  });

  it("keeps composite ids and treats 1.0 and 1 as the same id part", () => {
    const ids = new Map([
      [idKey(["C1", "1"]), 0],
      [idKey(["C1", "2"]), 1],
    ]);
    const result = parseSubmission("CustomerID,Week,DefaultLabel\nC1,1.0,0\nC1,2,1\n", credit, {
      expected: ids,
    });
    expect(result.ok).toBe(true);
  });

  it("rejects blank and non-finite numbers, summarizing repeats", () => {
    const csv = "PolicyID,NextYearLoss\nP1,\nP2,abc\nP3,inf\nP4,Infinity\nP5,nan\nP6,1e400\n";
    const result = parseSubmission(csv, pricing);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContain("Blank NextYearLoss: row 2");
    expect(result.errors).toContain(
      'NextYearLoss must be a finite number: row 3 has "abc"; row 4 has "inf"; row 5 has "Infinity" (and 2 more)',
    );
  });

  it("reports rows with the wrong number of columns", () => {
    const result = parseSubmission("TxnID,FraudLabel\nT1,0,extra\n", fraud);
    expect(result).toMatchObject({
      ok: false,
      errors: ["Wrong number of columns: row 2 has 3, expected 2"],
    });
  });

  it("requires ten distinct eligible items per customer for rankings", () => {
    const reco = findChallenge("commerce", 2)!;
    const header = reco.header.join(",");
    const eligibleItems = new Set(Array.from({ length: 12 }, (_, i) => `S${i}`));
    const ten = Array.from({ length: 10 }, (_, i) => `S${i}`);
    const good = parseSubmission(`${header}\nC1,${ten.join(",")}\n`, reco, { eligibleItems });
    expect(good.ok).toBe(true);
    const repeated = parseSubmission(
      `${header}\nC1,${[...ten.slice(0, 9), "S0"].join(",")}\n`,
      reco,
      { eligibleItems },
    );
    expect(repeated).toMatchObject({
      ok: false,
      errors: ["Recommendations must be distinct: row 2"],
    });
    const foreign = parseSubmission(
      `${header}\nC1,${[...ten.slice(0, 9), "X9"].join(",")}\n`,
      reco,
      { eligibleItems },
    );
    expect(foreign).toMatchObject({ ok: false, errors: ['Not an eligible SKU: row 2 has "X9"'] });
  });

  it("returns rows in the test set's order, whatever the file's order", () => {
    const csv = "PolicyID,NextYearLoss\nP3,30\nP1,10\nP2,20\n";
    const order = new Map([
      ["P1", 0],
      ["P2", 1],
      ["P3", 2],
    ]);
    const result = parseSubmission(csv, pricing, { expected: order });
    if (!result.ok) throw new Error(result.errors.join("; "));
    expect(result.table.ids).toEqual(["P1", "P2", "P3"]);
    expect(Array.from(result.table.predictions.values as Float64Array)).toEqual([10, 20, 30]);
    expect(result.table.positions).toBe(order);
  });

  it("keeps file order without a test set, and reads CRLF, padding and blank lines", () => {
    const csv = "\uFEFFPolicyID,NextYearLoss\r\n P2 , 2.5\r\n\r\nP1,1\r\n\r\nP7,x\r\n";
    const result = parseSubmission(csv, pricing);
    // The bad value is on line 6 of the file, blank lines included.
    expect(result).toMatchObject({
      ok: false,
      errors: ['NextYearLoss must be a finite number: row 6 has "x"'],
      rowCount: 3,
    });
    const good = parseSubmission(csv.replace("P7,x", "P7,7"), pricing);
    if (!good.ok) throw new Error(good.errors.join("; "));
    expect(good.table.ids).toEqual(["P2", "P1", "P7"]);
    expect(Array.from(good.table.predictions.values as Float64Array)).toEqual([2.5, 1, 7]);
    expect(good.table.positions.get("P7")).toBe(2);
  });

  it("reads quoted files through the full CSV parser", () => {
    const result = parseSubmission('"TxnID","FraudLabel"\n"T2",1\n"T1","0"\nT3,0\n', fraud, {
      expected,
    });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.table.ids).toEqual(["T1", "T2", "T3"]);
  });

  it("rejects an empty file", () => {
    expect(parseSubmission("", fraud)).toMatchObject({ ok: false, errors: ["The file is empty"] });
  });
});

describe("parseSubmission quoting submitted values", () => {
  const huge = "x".repeat(1_000_000);

  it("quotes at most 100 characters of a long header", () => {
    const result = parseSubmission(`TxnID,${huge}\nT1,1\n`, fraud);
    expect(result).toMatchObject({
      ok: false,
      errors: [`Header must be exactly "TxnID,FraudLabel" (got "TxnID,${"x".repeat(94)}…")`],
    });
  });

  it("quotes at most 100 characters of long ids, labels, numbers and items", () => {
    const ids = parseSubmission(`TxnID,FraudLabel\n${huge},1\nT1,${huge}\nT1,0\n`, fraud, {
      expected,
    });
    expect(ids.ok).toBe(false);
    if (ids.ok) return;
    expect(ids.errors).toContain(`Id not in the test set: row 2 (${"x".repeat(100)}…)`);
    expect(ids.errors).toContain(`FraudLabel must be one of 0, 1: row 3 has "${"x".repeat(100)}…"`);
    expect(ids.errors).toContain("Duplicate id: row 4 (T1)");

    const numbers = parseSubmission(
      `PolicyID,NextYearLoss\nP1,${huge}\n${huge},1\n${huge},2\n`,
      pricing,
    );
    expect(numbers.ok).toBe(false);
    if (numbers.ok) return;
    expect(numbers.errors).toContain(
      `NextYearLoss must be a finite number: row 2 has "${"x".repeat(100)}…"`,
    );
    expect(numbers.errors).toContain(`Duplicate id: row 4 (${"x".repeat(100)}…)`);

    const reco = findChallenge("commerce", 2)!;
    const items = [...Array.from({ length: 9 }, (_, i) => `S${i}`), huge];
    const ranking = parseSubmission(`${reco.header.join(",")}\nC1,${items.join(",")}\n`, reco, {
      eligibleItems: new Set(items.slice(0, 9)),
    });
    expect(ranking).toMatchObject({
      ok: false,
      errors: [`Not an eligible SKU: row 2 has "${"x".repeat(100)}…"`],
    });
    const longest = Math.max(
      ...[ids, numbers, ranking].flatMap((r) => (r.ok ? [] : r.errors.map((e) => e.length))),
    );
    expect(longest).toBeLessThan(500);
  });

  it("never cuts a character in half", () => {
    const result = parseSubmission(`TxnID,FraudLabel\nT1,${"é".repeat(99)}😀${huge}\n`, fraud);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toContain(`has "${"é".repeat(99)}…"`);
  });
});

describe("parseSubmission with the test set's order (expectedOrder)", () => {
  // Ids whose code-unit order is not their numeric order, as a sorted test set has them.
  const ids = Array.from({ length: 40 }, (_, i) => `T${i + 1}`).sort();
  const positions = new Map(ids.map((id, i) => [id, i]));
  const file = (rows: string[]) =>
    `TxnID,FraudLabel\n${rows.map((id, i) => `${id},${i % 3 === 0 ? 1 : 0}`).join("\n")}\n`;
  const rotated = [...ids.slice(17), ...ids.slice(0, 17)];
  const shuffledIds = ids.map((_, i) => ids[(i * 7) % ids.length]!);
  const cases: Record<string, string> = {
    "in the test set's order": file(ids),
    rotated: file(rotated),
    shuffled: file(shuffledIds),
    "in order with a repeated id": file([...ids.slice(0, 5), ids[4]!, ...ids.slice(5)]),
    "in order with an unknown id and one missing": file([
      ...ids.slice(0, 9),
      "T99",
      ...ids.slice(10),
    ]),
  };

  for (const [name, csv] of Object.entries(cases)) {
    it(`answers exactly as the look-up alone for a file ${name}`, () => {
      const alone = parseSubmission(csv, fraud, { expected: positions });
      const ordered = parseSubmission(csv, fraud, { expected: positions, expectedOrder: ids });
      expect(ordered).toEqual(alone);
    });
  }

  it("puts each row at its id's position however the file is ordered", () => {
    const result = parseSubmission(file(rotated), fraud, {
      expected: positions,
      expectedOrder: ids,
    });
    if (!result.ok || result.table.predictions.kind !== "label") throw new Error("not parsed");
    const { labels, values } = result.table.predictions;
    // Row r of the file (label 1 when r % 3 === 0) lands at its id's sorted position.
    rotated.forEach((id, r) => {
      expect(labels[values[positions.get(id)!]!]).toBe(r % 3 === 0 ? "1" : "0");
    });
  });
});
