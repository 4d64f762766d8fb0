import { findChallenge } from "@tandem/competition/server";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { forEachCsvRow, parseCsvRows } from "../src/csv";
import { parseSubmission } from "../src/parse-submission";

const fraud = findChallenge("retail-banking", 1)!;
// Files of this size took hours with a scan that ran past its line (1.56 MB took 20 s); a
// linear scan reads them in well under a second, so the unit project's bound only matters when
// the scan has gone quadratic again.
const LINES = 4 * 1024 * 1024;

function rows(text: string): { count: number; first: string[]; last: string[] } {
  let count = 0;
  let first: string[] = [];
  let last: string[] = [];
  forEachCsvRow(text, (cells) => {
    if (count++ === 0) first = cells.slice();
    last = cells.slice();
  });
  return { count, first, last };
}

describe("CSV files crafted against the scan", () => {
  it("lines without a comma and one comma at the end (issue 31's 61.7 s file) are refused by column count", () => {
    const csv = `TxnID,FraudLabel\n${"x\n".repeat(LINES)},`;
    expect(rows(csv)).toEqual({ count: LINES + 2, first: ["TxnID", "FraudLabel"], last: ["", ""] });
    const result = parseSubmission(csv, fraud);
    expect(result).toMatchObject({ ok: false, rowCount: LINES + 1 });
    if (!result.ok) expect(result.errors[0]).toMatch(/^Wrong number of columns: row 2 has 1/);
  });

  // Found with finding 1: a 40 MB line of commas made 40 million cells (714 MB, 12.6 s) in a
  // parser thread; two of them at once would pass the gateway's 1 GiB.
  it("a line of forty million commas makes at most maxCells cells and counts every one", () => {
    for (const line of [",".repeat(40_000_000), `"a"${",".repeat(40_000_000)}`]) {
      const csv = `TxnID,FraudLabel\n${line}\n`;
      const seen: { kept: number; count: number }[] = [];
      forEachCsvRow(csv, (cells, _line, count) => seen.push({ kept: cells.length, count }), {
        maxCells: 1024,
      });
      expect(seen).toEqual([
        { kept: 2, count: 2 },
        { kept: 1024, count: 40_000_001 },
      ]);
      const result = parseSubmission(csv, fraud);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.errors[0]).toBe("Wrong number of columns: row 2 has 40000001, expected 2");
      }
    }
  });

  it("CRLF and LF lines mixed, without a comma, are each one row", () => {
    const csv = `${"x\r\ny\n".repeat(LINES / 2)},`;
    expect(rows(csv)).toEqual({ count: LINES + 1, first: ["x"], last: ["", ""] });
  });

  it("one huge unquoted or quoted field is one cell", () => {
    const value = "a".repeat(8 * LINES);
    expect(parseCsvRows(`id,label\n1,${value}\n`)[1]![1]).toHaveLength(value.length);
    expect(parseCsvRows(`id,label\n1,"${value}"\n`)[1]![1]).toHaveLength(value.length);
  });

  it("many escaped quotes in one field are read as quotes", () => {
    const result = parseCsvRows(`"${'""'.repeat(LINES)}"`);
    expect(result).toHaveLength(1);
    expect(result[0]).toEqual(['"'.repeat(LINES)]);
  });

  it("many quoted lines and one comma at the end are each one row", () => {
    const quoted = rows(`${'"x"\n'.repeat(LINES)},`);
    expect(quoted).toEqual({ count: LINES, first: ["x"], last: ["x"] });
    const mixed = rows(`${'"x"\r\n"y"\n'.repeat(LINES / 2)},`);
    expect(mixed).toEqual({ count: LINES, first: ["x"], last: ["y"] });
  });

  it("quotes in the middle of unquoted fields stay in the value", () => {
    expect(rows(`${'x"y\n'.repeat(LINES)}a,b`)).toEqual({
      count: LINES + 1,
      first: ['x"y'],
      last: ["a", "b"],
    });
  });

  it("an unterminated quote takes the rest of the file as its field", () => {
    const tail = "x\n".repeat(LINES);
    const result = parseCsvRows(`TxnID,FraudLabel\nT1,"${tail}`);
    expect(result).toHaveLength(2);
    expect(result[1]).toEqual(["T1", `"${tail}`.trim()]);
    expect(parseSubmission(`TxnID,FraudLabel\nT1,"${tail}`, fraud).ok).toBe(false);
  });
});

describe("quoted CSV", () => {
  // What Papa Parse (the parser quoted files went through before) made of the same text.
  function papa(text: string): string[][] {
    return Papa.parse<string[]>(text, {
      skipEmptyLines: "greedy",
      transform: (value) => value.trim(),
    }).data;
  }

  it.each([
    ['"TxnID","FraudLabel"\n"T2",1\n"T1","0"\nT3,0\n'],
    ['"TxnID","FraudLabel"\r\n"T2",1\r\n\r\n"T1", "0" \r\nT3,0'],
    ['id,text\n1,"a, b"\n2,"line\nbreak"\n3,"say ""hi"""\n4,""\n'],
    ['id,text\n1,"a" ,b\n"",""\n  \n2,  "padded"  \n3,x"y\n'],
    ['id,text\r\n1,"multi\r\nline"\r\n2,"end"'],
    ['id,"a"\n1,\n,\n2,""'],
  ])("reads valid quoted files as Papa Parse did: %j", (text) => {
    expect(parseCsvRows(text)).toEqual(papa(text));
    expect(parseCsvRows(`\uFEFF${text}`)).toEqual(papa(text));
  });

  it("numbers quoted files' rows among the non-blank ones, as before", () => {
    const lines: number[] = [];
    forEachCsvRow('"a"\n\n"b"\n  \n"c"\n', (_cells, line) => {
      lines.push(line);
    });
    expect(lines).toEqual([1, 2, 3]);
  });
});
