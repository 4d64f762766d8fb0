import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { findChallenge } from "@tandem/competition";
import { type Answers, idKey } from "@tandem/scoring";
import { afterAll, describe, expect, it } from "vitest";
import { createSubmissionParser } from "../src/lib/submission-parser/submission-parser";

const fraud = findChallenge("retail-banking", 1)!;
const parser = createSubmissionParser({ threads: 1 });
afterAll(() => parser.close());

/** Answers whose expected rows count how often they are read (sent to a parser thread). */
function answersFor(ids: string[]): { answers: Answers; reads: () => number } {
  const positions = new Map(ids.map((id, i) => [idKey([id]), i]));
  let reads = 0;
  const table = {
    ids,
    predictions: {
      kind: "label" as const,
      labels: ["0", "1"],
      values: new Uint16Array(ids.length),
    },
    get positions() {
      reads++;
      return positions;
    },
  };
  return { answers: { table }, reads: () => reads };
}

const file = (ids: string[]) => `TxnID,FraudLabel\n${ids.map((id) => `${id},1`).join("\n")}\n`;

describe("submission parser threads", () => {
  it("returns a valid file's hash and gzipped text", async () => {
    const { answers } = answersFor(["T1", "T2"]);
    const csv = file(["T2", "T1"]);
    const checked = await parser.check(csv, fraud, answers);
    if (!checked.ok) throw new Error(checked.errors.join("; "));
    expect(checked.rowCount).toBe(2);
    expect(checked.payloadHash).toBe(createHash("sha256").update(csv).digest("hex"));
    expect(Buffer.isBuffer(checked.predictions)).toBe(true);
    expect(gunzipSync(checked.predictions).toString("utf8")).toBe(csv);
  });

  it("sends a challenge's expected rows to a thread once, not with every file", async () => {
    const { answers, reads } = answersFor(["T1", "T2", "T3"]);
    for (let i = 0; i < 5; i++) {
      expect(await parser.check(file(["T1", "T2", "T3"]), fraud, answers)).toMatchObject({
        ok: true,
      });
    }
    expect(reads()).toBe(1);
  });

  it("checks against reloaded answers, not the copy a thread kept", async () => {
    const before = answersFor(["T1", "T2"]).answers;
    const after = answersFor(["T8", "T9"]).answers;
    expect(await parser.check(file(["T1", "T2"]), fraud, before)).toMatchObject({ ok: true });
    expect(await parser.check(file(["T1", "T2"]), fraud, after)).toMatchObject({
      ok: false,
      errors: expect.arrayContaining(["Id not in the test set: row 2 (T1); row 3 (T2)"]),
    });
    expect(await parser.check(file(["T8", "T9"]), fraud, after)).toMatchObject({ ok: true });
  });
});
