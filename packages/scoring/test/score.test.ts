import { findChallenge } from "@tandem/competition/server";
import { describe, expect, it } from "vitest";
import { parseAnswers } from "../src/answers";
import { macroF1, mae } from "../src/metrics";
import { parseSubmission } from "../src/parse-submission";
import { scorePredictions, scoreWholeSet } from "../src/score";

const fraud = findChallenge("retail-banking", 1)!;
const answersCsv = "TxnID,FraudLabel\nT1,1\nT2,0\nT3,0\nT4,1\nT5,0\n";
// T1, T4 public; T2, T3, T5 private.
const publicRows = Uint8Array.from([1, 0, 0, 1, 0]);

function parsedAgainst(answers: ReturnType<typeof parseAnswers>, csv: string) {
  const parsed = parseSubmission(csv, fraud, { expected: answers.table.positions });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  return parsed.table;
}

describe("scorePredictions", () => {
  it("scores a shuffled submission on the public and the private rows by id", () => {
    const answers = parseAnswers(answersCsv, fraud, { publicRows });
    const submission = "TxnID,FraudLabel\nT5,1\nT3,0\nT1,True\nT4,0.0\nT2,0\n";
    // By id: T1 1/1, T2 0/0, T3 0/0, T4 1/0, T5 0/1.
    // Public (T1, T4): class 1 tp=1 fn=1 -> 2/3; class 0 fp=1 -> 0; macro 1/3.
    // Private (T2, T3, T5): class 0 tp=2 fn=1 -> 0.8; class 1 fp=1 -> 0; macro 0.4.
    const scores = scorePredictions(fraud, answers, parsedAgainst(answers, submission));
    expect(scores.public).toBeCloseTo(1 / 3, 12);
    expect(scores.private).toBeCloseTo(0.4, 12);
    expect(scores.public).toBeCloseTo(macroF1(["1", "1"], ["1", "0"]), 12);
    expect(scores.private).toBeCloseTo(macroF1(["0", "0", "0"], ["0", "0", "1"]), 12);
  });

  it("refuses a table that was not parsed against these answers", () => {
    const answers = parseAnswers(answersCsv, fraud, { publicRows });
    const parsed = parseSubmission(answersCsv, fraud);
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    expect(() => scorePredictions(fraud, answers, parsed.table)).toThrow(/not parsed against/);
  });

  it("refuses answers without a split, saying how they get one", () => {
    const answers = parseAnswers(answersCsv, fraud);
    expect(() => scorePredictions(fraud, answers, parsedAgainst(answers, answersCsv))).toThrow(
      /retail-banking\/1 have no public\/private split.*data:generate/,
    );
  });

  it("counts only labels present in either vector of each part, as scikit-learn does", () => {
    const answers = parseAnswers("TxnID,FraudLabel\nT1,0\nT2,0\n", fraud, {
      publicRows: Uint8Array.from([0, 1]),
    });
    const table = parsedAgainst(answers, "TxnID,FraudLabel\nT2,0\nT1,0\n");
    expect(scorePredictions(fraud, answers, table)).toEqual({ public: 1, private: 1 });
  });

  it("derives the split from the seed when none is stored, the same each time", () => {
    const a = parseAnswers(answersCsv, fraud, { splitSeed: "seed one" });
    const b = parseAnswers(answersCsv, fraud, { splitSeed: "seed one" });
    expect(a.isPublic).toEqual(b.isPublic);
    expect(a.isPublic).toHaveLength(5);
  });

  it("refuses a stored split that does not fit the answers", () => {
    expect(() => parseAnswers(answersCsv, fraud, { publicRows: Uint8Array.from([1, 0]) })).toThrow(
      /stored split of retail-banking\/1 is unusable: the split covers 2 rows, the answers have 5/,
    );
    expect(() =>
      parseAnswers(answersCsv, fraud, { publicRows: Uint8Array.from([0, 0, 0, 0, 0]) }),
    ).toThrow(/no row is public/);
  });
});

describe("scoreWholeSet", () => {
  it("scores every row as one set, as scores were before the split", () => {
    const costs = findChallenge("healthcare", 2)!;
    const answers = parseAnswers("patient_id,ed_cost_next3y_usd\nP1,10\nP2,20\nP3,40\n", costs);
    const parsed = parseSubmission("patient_id,ed_cost_next3y_usd\nP3,30\nP1,10\nP2,25\n", costs, {
      expected: answers.table.positions,
    });
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    expect(scoreWholeSet(costs, answers, parsed.table)).toBeCloseTo(5, 12);
    expect(mae([10, 20, 40], [10, 25, 30])).toBeCloseTo(5, 12);
  });
});
