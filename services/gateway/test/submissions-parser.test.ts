import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { findChallenge } from "@tandem/competition/server";
import { submitRequestSchema } from "@tandem/contracts";
import { createTestSet, decodeAligned, idKey, type TestSet } from "@tandem/scoring";
import { afterAll, describe, expect, it } from "vitest";
import { nestsDeeperThan, predictionsStandIn } from "../src/lib/submission-parser/read-body";
import { createSubmissionParser } from "../src/lib/submission-parser/submission-parser";

const fraud = findChallenge("retail-banking", 1)!;
const parser = createSubmissionParser({ threads: 1 });
afterAll(() => parser.close());

/** A public test set that counts how often its ids are read (sent to a parser thread). */
function answersFor(ids: string[]): { answers: TestSet; reads: () => number } {
  const testSet = createTestSet({ ids: ids.map((id) => idKey([id])) });
  let reads = 0;
  const counted = {
    ...testSet,
    get ids() {
      reads++;
      return testSet.ids;
    },
  };
  return { answers: counted, reads: () => reads };
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
    // The aligned form: rows in the test set's (sorted) order, aligned to its digest (ADR 0021).
    const form = decodeAligned(checked.aligned);
    expect(form).toMatchObject({ kind: "label", rows: 2, digest: answers.digest });
    expect(form.kind === "label" && [...form.codes]).toEqual([1, 1]);
  });

  it("sends a challenge's test set to a thread once, not with every file", async () => {
    const { answers, reads } = answersFor(["T1", "T2", "T3"]);
    for (let i = 0; i < 5; i++) {
      expect(await parser.check(file(["T1", "T2", "T3"]), fraud, answers)).toMatchObject({
        ok: true,
      });
    }
    expect(reads()).toBe(1);
  });

  it("checks against a reloaded test set, not the copy a thread kept", async () => {
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

describe("reading a /submit body on a parser thread", () => {
  const body = (value: unknown) => Buffer.from(JSON.stringify(value));

  it("returns the file as UTF-8 bytes and a small body for the schema, with the file's stand-in", async () => {
    const csv = `TxnID,FraudLabel\n${"T1,1\n".repeat(2000)}Ä😀,1\n`;
    const sent = body({
      domain_name: " Retail Banking ",
      task_number: "1",
      predictions_csv: csv,
      x: 1,
    });
    const read = await parser.readBody(sent);
    if (read.kind !== "read" || !read.csv) throw new Error(JSON.stringify(read));
    expect(Buffer.from(read.csv).toString("utf8")).toBe(csv);
    // The keys the schema ignores are left out; the others are as sent, for the schema to check.
    expect(read.body).toEqual({
      domain_name: " Retail Banking ",
      task_number: "1",
      predictions_csv: predictionsStandIn(Buffer.byteLength(csv)),
    });
    expect(submitRequestSchema.safeParse(read.body).success).toBe(true);
    // The body's memory went to the thread rather than being copied.
    expect(sent.length).toBe(0);
  });

  it("reads a body as app.ts's parser does, leaving what the schema refuses as it was sent", async () => {
    const read = (text: string | Buffer) => parser.readBody(Buffer.from(text));
    expect(await read("")).toEqual({ kind: "read", body: undefined });
    expect(await read(" \n\t")).toEqual({ kind: "read", body: undefined });
    expect(await read("\ufeff{}")).toEqual({ kind: "read", body: {} });
    expect(await read("[1]")).toEqual({ kind: "read", body: [1] });
    for (const malformed of [
      '{"a":',
      "{a:1}",
      '{"__proto__":{"x":1}}',
      Buffer.from([0xff, 0xfe]),
    ]) {
      expect(await read(malformed)).toEqual({ kind: "invalid-json" });
    }
    for (const predictions_csv of ["", 3, null, ["a"]]) {
      expect(await read(JSON.stringify({ task_number: 1, predictions_csv }))).toEqual({
        kind: "read",
        body: { task_number: 1, predictions_csv },
      });
    }
    expect(await read('{"task_number":1e400}')).toEqual({
      kind: "read",
      body: { task_number: Number.POSITIVE_INFINITY },
    });
  });

  // Issue 31, finding 2: "a /api/submit body nested deeper than 32 levels is re-read on the
  // request thread ... A 16 MB nested body stalled every route for 26.5 s". Nothing from a body
  // may be parsed there: the thread refuses a body nested too deeply without parsing it at all.
  it("refuses a body nested a million levels deep on its thread, leaving nothing to read on the request thread", async () => {
    for (const deep of [
      `${"[".repeat(1_000_000)}1${"]".repeat(1_000_000)}`,
      `${'{"a":'.repeat(1_000_000)}1${"}".repeat(1_000_000)}`,
    ]) {
      const text = `{"domain_name":"Retail Banking","task_number":${deep},"predictions_csv":"a"}`;
      expect(await parser.readBody(Buffer.from(text))).toEqual({ kind: "too-deep" });
    }
    const array = `${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`;
    expect(await parser.readBody(Buffer.from(array))).toEqual({ kind: "too-deep" });
  });

  it("counts only the brackets outside strings, up to 32 levels", () => {
    const depth = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(nestsDeeperThan(bytes(depth(32)), 32)).toBe(false);
    expect(nestsDeeperThan(bytes(depth(33)), 32)).toBe(true);
    // Brackets in strings, escaped quotes included, are text.
    const inText = `{"predictions_csv":"${"[{".repeat(100)}\\"${"[".repeat(100)}"}`;
    expect(JSON.parse(inText)).toBeTypeOf("object");
    expect(nestsDeeperThan(bytes(inText), 32)).toBe(false);
  });

  it("checks a file given as bytes as it checks its text, handing the bytes over", async () => {
    const { answers } = answersFor(["T1", "T2"]);
    const csv = file(["T2", "T1"]);
    const bytes = new TextEncoder().encode(csv);
    const fromBytes = await parser.check(bytes, fraud, answers);
    const fromText = await parser.check(csv, fraud, answers);
    expect(fromBytes).toEqual(fromText);
    expect(bytes.byteLength).toBe(0);
  });
});
