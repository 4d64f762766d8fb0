import { describe, expect, it } from "vitest";
import {
  answersHeader,
  baselineNotebookFile,
  fileColumns,
  sampleSubmissionFile,
  targetColumn,
} from "../src";
import { findChallenge, findDomain } from "../src/server";

describe("challenge files", () => {
  it("names each challenge's sample submission and baseline notebook by its number", () => {
    const fraud = findChallenge("retail-banking", 1)!;
    expect(sampleSubmissionFile(fraud)).toBe("sample_submission_c1.csv");
    expect(baselineNotebookFile(fraud)).toBe("Challenge1_baseline.ipynb");
  });

  it("gives a ranking's answers the id and its relevant items, any other the submission header", () => {
    expect(answersHeader(findChallenge("commerce", 2)!)).toEqual(["customer_id", "relevant"]);
    expect(answersHeader(findChallenge("retail-banking", 2)!)).toEqual([
      "CustomerID",
      "Week",
      "DefaultLabel",
    ]);
    expect(targetColumn(findChallenge("retail-banking", 2)!)).toBe("DefaultLabel");
  });

  it("reads a file's columns from the data dictionary, in order, and refuses a file without one", () => {
    const banking = findDomain("retail-banking")!;
    expect(fileColumns(banking, "devices_all.csv")).toEqual(["CustomerID", "DeviceID"]);
    expect(() => fileColumns(banking, "transactions_test.csv")).toThrow(/no columns listed/);
  });
});
