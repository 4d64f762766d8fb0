import { findChallenge } from "@tandem/competition";
import { describe, expect, it } from "vitest";
import { parseAnswers } from "../src/answers";
import { macroF1 } from "../src/metrics";
import { parseSubmission } from "../src/parse-submission";
import { scorePredictions } from "../src/score";

const fraud = findChallenge("retail-banking", 1)!;
const answersCsv = "TxnID,FraudLabel\nT1,1\nT2,0\nT3,0\nT4,1\nT5,0\n";

describe("scorePredictions", () => {
  it("scores a shuffled submission against the answers by id", () => {
    const answers = parseAnswers(answersCsv, fraud);
    const submission = "TxnID,FraudLabel\nT5,1\nT3,0\nT1,True\nT4,0.0\nT2,0\n";
    const parsed = parseSubmission(submission, fraud, { expected: answers.table.positions });
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    // By id: T1 1/1, T2 0/0, T3 0/0, T4 1/0, T5 0/1.
    const want = macroF1(["1", "0", "0", "1", "0"], ["1", "0", "0", "0", "1"]);
    expect(scorePredictions(fraud, answers, parsed.table)).toBeCloseTo(want, 12);
    expect(want).toBeCloseTo((2 / 3 + 0.5) / 2, 12);
  });

  it("refuses a table that was not parsed against these answers", () => {
    const answers = parseAnswers(answersCsv, fraud);
    const parsed = parseSubmission(answersCsv, fraud);
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    expect(() => scorePredictions(fraud, answers, parsed.table)).toThrow(/not parsed against/);
  });

  it("counts only labels present in either vector, as scikit-learn does", () => {
    const answers = parseAnswers("TxnID,FraudLabel\nT1,0\nT2,0\n", fraud);
    const parsed = parseSubmission("TxnID,FraudLabel\nT2,0\nT1,0\n", fraud, {
      expected: answers.table.positions,
    });
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    expect(scorePredictions(fraud, answers, parsed.table)).toBe(1);
  });
});
