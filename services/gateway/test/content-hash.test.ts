import { findChallenge } from "@tandem/competition/server";
import { createTestSet, idKey } from "@tandem/scoring";
import { describe, expect, it } from "vitest";
import { checkSubmission } from "../src/lib/submission-parser/check-submission";

/** The normal form of a file's predictions (issue 30's duplicate-file flag), through intake's check. */
const fraud = findChallenge("retail-banking", 1)!;
const costs = findChallenge("healthcare", 2)!;
const baskets = findChallenge("commerce", 2)!;

/** The public test set of these ids; a ranking's items are the ones the files below name. */
const rows = (ids: string[][], items?: string[]) =>
  createTestSet({ ids: ids.map(idKey), ...(items ? { items } : {}) });

function hashOf(csv: string, challenge: typeof fraud, ids: string[][]): string {
  const items = challenge.target.kind === "ranking" ? "abcdefghij".split("") : undefined;
  const checked = checkSubmission(csv, challenge, rows(ids, items));
  if (!checked.ok) throw new Error(checked.errors.join("; "));
  return checked.contentHash;
}

describe("a file's content hash", () => {
  const txns = [["T1"], ["T2"], ["T3"]];

  it("is the same for the same labels whatever the row order, line endings, quoting and spelling", () => {
    const plain = hashOf("TxnID,FraudLabel\nT1,1\nT2,0\nT3,1\n", fraud, txns);
    expect(hashOf('TxnID,FraudLabel\r\nT3,"1"\r\nT1,True\r\nT2,0.0', fraud, txns)).toBe(plain);
    expect(hashOf("TxnID,FraudLabel\nT1,1\nT2,1\nT3,1\n", fraud, txns)).not.toBe(plain);
  });

  it("reads numbers as numbers: 0.50 is 0.5, 1e2 is 100", () => {
    const patients = [["P1"], ["P2"]];
    const short = hashOf("patient_id,ed_cost_next3y_usd\nP1,0.5\nP2,100\n", costs, patients);
    expect(hashOf("patient_id,ed_cost_next3y_usd\nP2,1e2\nP1,0.50\n", costs, patients)).toBe(short);
    expect(hashOf("patient_id,ed_cost_next3y_usd\nP1,0.5\nP2,100.01\n", costs, patients)).not.toBe(
      short,
    );
  });

  it("keeps a ranking's order", () => {
    const header = baskets.header.join(",");
    const skus = (list: string) => list.split(" ").join(",");
    const customers = [["C1"]];
    const ranked = hashOf(`${header}\nC1,${skus("a b c d e f g h i j")}\n`, baskets, customers);
    expect(hashOf(`${header}\r\nC1,${skus("a b c d e f g h i j")}`, baskets, customers)).toBe(
      ranked,
    );
    expect(hashOf(`${header}\nC1,${skus("b a c d e f g h i j")}\n`, baskets, customers)).not.toBe(
      ranked,
    );
  });
});
