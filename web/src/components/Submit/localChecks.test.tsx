import { describe, expect, it } from "vitest";
import { checksPass, describeCsv, localChecks, SUBMISSION_MAX_BYTES } from "./localChecks";

const HEADER = "TxnID,FraudLabel";

function facts(text: string) {
  return { size: new Blob([text]).size, text, ...describeCsv(text) };
}

const stateOf = (checks: ReturnType<typeof localChecks>, id: string) =>
  checks.find((check) => check.id === id)?.state;

describe("local checks", () => {
  it("reads the header and counts data rows as the gateway does: BOM dropped, cells trimmed, blank lines skipped", () => {
    expect(describeCsv("\uFEFFTxnID , FraudLabel\r\n1,0\r\n\r\n  \n2,1\n")).toEqual({
      header: HEADER,
      rows: 2,
    });
    expect(describeCsv('TxnID,FraudLabel\n"1",0\n"2","1"')).toEqual({ header: HEADER, rows: 2 });
  });

  it("passes a file with the exact header and the expected row count", () => {
    const checks = localChecks(facts(`${HEADER}\n1,0\n2,1\n`), HEADER, 2);
    expect(checks.map((check) => check.state)).toEqual(["pass", "pass", "pass", "pass"]);
    expect(checksPass(checks)).toBe(true);
  });

  it("fails a different header, giving expected and found", () => {
    const checks = localChecks(facts("id,label\n1,0\n"), HEADER, 1);
    expect(stateOf(checks, "header")).toBe("fail");
    expect(checks.find((check) => check.id === "header")?.header).toEqual({
      expected: HEADER,
      found: "id,label",
    });
    expect(checksPass(checks)).toBe(false);
  });

  it("fails a row count other than the expected one, and leaves an unknown one unchecked", () => {
    const file = facts(`${HEADER}\n1,0\n`);
    expect(stateOf(localChecks(file, HEADER, 3), "rows")).toBe("fail");
    const unknown = localChecks(file, HEADER, null);
    expect(stateOf(unknown, "rows")).toBe("unknown");
    expect(unknown.find((check) => check.id === "rows")?.label).toBe(
      "1 data rows (expected: unknown)",
    );
    expect(checksPass(unknown)).toBe(true);
  });

  it("fails an empty file and one with only blank lines", () => {
    for (const text of ["", "\n \n"]) {
      const checks = localChecks(facts(text), HEADER, 1);
      expect(stateOf(checks, "not-empty")).toBe("fail");
      expect(checksPass(checks)).toBe(false);
    }
  });

  it("fails a file over 50 MB without reading it", () => {
    const checks = localChecks(
      { size: SUBMISSION_MAX_BYTES + 1, text: null, header: null, rows: 0 },
      HEADER,
      1,
    );
    expect(stateOf(checks, "size")).toBe("fail");
    expect(stateOf(checks, "header")).toBe("unknown");
    expect(checksPass(checks)).toBe(false);
  });
});
