import { createHash } from "node:crypto";
import type { Challenge } from "@tandem/competition";
import type { Answers } from "./answers";
import type { PartScores } from "./metrics";
import { type PredictionTable, type PredictionValues, parseSubmission } from "./parse-submission";
import { scorePredictions } from "./score";
import type { TestSet } from "./test-set";

/*
 * The answer-free aligned form of a valid submission (docs/adr/0021-workers-score.md): its values
 * in the public test set's (sorted) row order, little-endian, with a 56-byte header:
 *
 *   0  4  magic "TAF1"
 *   4  1  kind: 1 label, 2 numeric, 3 ranking
 *   5  1  code width in bytes: 2 (label), 8 (numeric), 2 or 4 (ranking)
 *   6  2  label: size of the label set; ranking: k; numeric: 0
 *   8  4  rows n
 *  12  4  reserved, 0
 *  16 32  SHA-256 digest of the test set the rows are aligned to
 *  48  8  label: first 8 bytes of SHA-256 of the label set's JSON; else 0
 *  56  …  payload: Uint16 codes, Float64 values, or n×k Uint16/Uint32 item indices
 *
 * 56 is a multiple of 8, so the payload of a form copied into its own ArrayBuffer is viewed
 * without conversion.
 */

const MAGIC = [0x54, 0x41, 0x46, 0x31]; // "TAF1"
export const ALIGNED_HEADER_BYTES = 56;
const KIND_CODE = { label: 1, numeric: 2, ranking: 3 } as const;
const KIND_OF_CODE = ["", "label", "numeric", "ranking"] as const;
/** Ranking indices fit a Uint16 while the vocabulary has at most this many items. */
export const MAX_UINT16_VOCABULARY = 65_535;

export type AlignedForm =
  | {
      kind: "label";
      rows: number;
      /** Hex SHA-256 of the test set. */
      digest: string;
      labelCount: number;
      /** Hex, 8 bytes: `labelSetHash` of the labels the codes index. */
      labelSetHash: string;
      codes: Uint16Array;
    }
  | { kind: "numeric"; rows: number; digest: string; values: Float64Array }
  | {
      kind: "ranking";
      rows: number;
      digest: string;
      k: number;
      /** Row r's items are `indices[r*k .. r*k+k)`, best first, into the test set's `items`. */
      indices: Uint16Array | Uint32Array;
    };

export type AlignedInput =
  | { kind: "label"; digest: string; labels: readonly string[]; codes: Uint16Array }
  | { kind: "numeric"; digest: string; values: Float64Array }
  | { kind: "ranking"; digest: string; k: number; indices: Uint16Array | Uint32Array };

/** First 8 bytes (hex) of SHA-256 of the label set's JSON: a form's codes mean these labels. */
export function labelSetHash(labels: readonly string[]): string {
  return createHash("sha256").update(JSON.stringify(labels)).digest("hex").slice(0, 16);
}

/** The index type of a ranking form over a vocabulary of this size. */
export function rankingIndexArray(
  vocabularySize: number,
  length: number,
): Uint16Array | Uint32Array {
  return vocabularySize <= MAX_UINT16_VOCABULARY
    ? new Uint16Array(length)
    : new Uint32Array(length);
}

export function encodeAligned(input: AlignedInput): Uint8Array {
  const digest = digestBytes(input.digest);
  let payload: Uint16Array | Uint32Array | Float64Array;
  let rows: number;
  let field6: number;
  let labelHash: string | undefined;
  switch (input.kind) {
    case "label":
      if (input.labels.length < 1 || input.labels.length > 0xffff) {
        throw new Error(`An aligned form's label set must have 1 to 65,535 labels`);
      }
      payload = input.codes;
      rows = input.codes.length;
      field6 = input.labels.length;
      labelHash = labelSetHash(input.labels);
      break;
    case "numeric":
      payload = input.values;
      rows = input.values.length;
      field6 = 0;
      break;
    case "ranking":
      if (!Number.isInteger(input.k) || input.k < 1 || input.k > 0xffff) {
        throw new Error(`An aligned ranking form's k must be 1 to 65,535 (got ${input.k})`);
      }
      if (input.indices.length % input.k !== 0) {
        throw new Error(
          `An aligned ranking form holds ${input.indices.length} indices, not a multiple of k = ${input.k}`,
        );
      }
      payload = input.indices;
      rows = input.indices.length / input.k;
      field6 = input.k;
      break;
  }
  if (rows > 0xffffffff) throw new Error(`An aligned form holds at most 2^32 - 1 rows`);
  const bytes = new Uint8Array(ALIGNED_HEADER_BYTES + payload.byteLength);
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  view.setUint8(4, KIND_CODE[input.kind]);
  view.setUint8(5, payload.BYTES_PER_ELEMENT);
  view.setUint16(6, field6, true);
  view.setUint32(8, rows, true);
  view.setUint32(12, 0, true);
  bytes.set(digest, 16);
  if (labelHash !== undefined) bytes.set(Buffer.from(labelHash, "hex"), 48);
  writePayload(view, payload);
  return bytes;
}

/**
 * Decodes and checks a form; throws an Error naming what is wrong with it. When the payload
 * starts 8-aligned in its buffer the arrays view `bytes` in place (no copy): do not reuse the
 * bytes while the form is in use. Ranking indices are checked against the vocabulary when scored.
 */
export function decodeAligned(bytes: Uint8Array): AlignedForm {
  if (bytes.byteLength < ALIGNED_HEADER_BYTES) {
    throw new Error(
      `An aligned form has at least a ${ALIGNED_HEADER_BYTES}-byte header (got ${bytes.byteLength} bytes)`,
    );
  }
  for (let i = 0; i < MAGIC.length; i++) {
    if (bytes[i] !== MAGIC[i]) throw new Error(`Not an aligned form: the magic is not "TAF1"`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = KIND_OF_CODE[view.getUint8(4)];
  if (!kind) throw new Error(`An aligned form's kind must be 1, 2 or 3 (got ${view.getUint8(4)})`);
  const width = view.getUint8(5);
  const field6 = view.getUint16(6, true);
  const rows = view.getUint32(8, true);
  if (view.getUint32(12, true) !== 0) throw new Error(`An aligned form's reserved bytes are not 0`);
  const digest = Buffer.from(bytes.subarray(16, 48)).toString("hex");
  const labelHash = Buffer.from(bytes.subarray(48, 56)).toString("hex");
  const allowed = kind === "label" ? [2] : kind === "numeric" ? [8] : [2, 4];
  if (!allowed.includes(width)) {
    throw new Error(
      `An aligned ${kind} form's code width must be ${allowed.join(" or ")} (got ${width})`,
    );
  }
  if (kind === "numeric" && field6 !== 0) {
    throw new Error(`An aligned numeric form's header field at offset 6 must be 0 (got ${field6})`);
  }
  if (kind !== "numeric" && field6 === 0) {
    throw new Error(`An aligned ${kind} form's ${kind === "label" ? "label set size" : "k"} is 0`);
  }
  if (kind !== "label" && labelHash !== "0".repeat(16)) {
    throw new Error(`An aligned ${kind} form's label set hash must be 0`);
  }
  const count = kind === "ranking" ? rows * field6 : rows;
  const expected = ALIGNED_HEADER_BYTES + count * width;
  if (bytes.byteLength !== expected) {
    throw new Error(
      `An aligned ${kind} form of ${rows} rows is ${expected} bytes long (got ${bytes.byteLength})`,
    );
  }
  // Little-endian hosts (every one Node runs on) view the payload in place when it is 8-aligned;
  // otherwise it is copied into a buffer of its own first.
  const start = bytes.byteOffset + ALIGNED_HEADER_BYTES;
  const aligned = start % 8 === 0 && LITTLE_ENDIAN;
  const buffer = aligned ? bytes.buffer : bytes.slice(ALIGNED_HEADER_BYTES).buffer;
  const offset = aligned ? start : 0;
  if (kind === "label") {
    const codes = aligned
      ? new Uint16Array(buffer, offset, count)
      : readArray(Uint16Array, buffer, count);
    for (let i = 0; i < codes.length; i++) {
      if (codes[i]! >= field6) {
        throw new Error(
          `An aligned label form's row ${i} has code ${codes[i]}, outside its ${field6} labels`,
        );
      }
    }
    return { kind, rows, digest, labelCount: field6, labelSetHash: labelHash, codes };
  }
  if (kind === "numeric") {
    const values = aligned
      ? new Float64Array(buffer, offset, count)
      : readArray(Float64Array, buffer, count);
    return { kind, rows, digest, values };
  }
  const indices =
    width === 2
      ? aligned
        ? new Uint16Array(buffer, offset, count)
        : readArray(Uint16Array, buffer, count)
      : aligned
        ? new Uint32Array(buffer, offset, count)
        : readArray(Uint32Array, buffer, count);
  return { kind, rows, digest, k: field6, indices };
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function writePayload(view: DataView, payload: Uint16Array | Uint32Array | Float64Array): void {
  const at = ALIGNED_HEADER_BYTES;
  if (LITTLE_ENDIAN) {
    new Uint8Array(view.buffer, at, payload.byteLength).set(
      new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength),
    );
    return;
  }
  for (let i = 0; i < payload.length; i++) {
    if (payload instanceof Float64Array) view.setFloat64(at + i * 8, payload[i]!, true);
    else if (payload instanceof Uint32Array) view.setUint32(at + i * 4, payload[i]!, true);
    else view.setUint16(at + i * 2, payload[i]!, true);
  }
}

/** Reads a little-endian payload that starts a buffer of its own, on any host. */
function readArray<T extends Uint16Array | Uint32Array | Float64Array>(
  Type: { new (length: number): T; BYTES_PER_ELEMENT: number },
  buffer: ArrayBufferLike,
  count: number,
): T {
  const out = new Type(count);
  const view = new DataView(buffer, 0, count * Type.BYTES_PER_ELEMENT);
  for (let i = 0; i < count; i++) {
    out[i] =
      Type.BYTES_PER_ELEMENT === 8
        ? view.getFloat64(i * 8, true)
        : Type.BYTES_PER_ELEMENT === 4
          ? view.getUint32(i * 4, true)
          : view.getUint16(i * 2, true);
  }
  return out;
}

function digestBytes(hex: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(hex)) {
    throw new Error(`A test set digest is 64 lowercase hex digits (got "${hex.slice(0, 80)}")`);
  }
  return Buffer.from(hex, "hex");
}

export type AlignedParseResult =
  | { ok: true; form: Uint8Array; table: PredictionTable; rowCount: number }
  | { ok: false; errors: string[]; rowCount: number };

/**
 * Parses and validates a submission against the public test set only, and encodes its aligned
 * form. The table's rows are in test-set (sorted) order; `contentHash` may be computed from it.
 */
export function parseToAligned(
  csv: string,
  challenge: Challenge,
  testSet: TestSet,
): AlignedParseResult {
  const target = challenge.target;
  const ranking = target.kind === "ranking";
  if (ranking !== (testSet.kind === "ranking")) {
    throw new Error(
      `The test set of ${challenge.key} is a ${testSet.kind} test set, not one for a ${target.kind} challenge`,
    );
  }
  const parsed = parseSubmission(csv, challenge, {
    expected: testSet.positions,
    expectedOrder: testSet.ids,
    ...(testSet.eligible ? { eligibleItems: testSet.eligible } : {}),
  });
  if (!parsed.ok) return parsed;
  const predictions = parsed.table.predictions;
  let form: Uint8Array;
  if (predictions.kind === "label") {
    form = encodeAligned({
      kind: "label",
      digest: testSet.digest,
      labels: predictions.labels,
      codes: predictions.values,
    });
  } else if (predictions.kind === "numeric") {
    form = encodeAligned({ kind: "numeric", digest: testSet.digest, values: predictions.values });
  } else {
    if (target.kind !== "ranking") throw new Error(`${challenge.key}: not a ranking challenge`);
    const k = target.k;
    const itemIndex = testSet.itemIndex!;
    const indices = rankingIndexArray(itemIndex.size, predictions.values.length * k);
    predictions.values.forEach((row, r) => {
      if (row.length !== k) {
        throw new Error(`${challenge.key}: a validated row has ${row.length} items, not k = ${k}`);
      }
      for (let j = 0; j < k; j++) {
        const index = itemIndex.get(row[j]!);
        if (index === undefined) {
          throw new Error(`${challenge.key}: a validated row names an item outside the vocabulary`);
        }
        indices[r * k + j] = index;
      }
    });
    form = encodeAligned({ kind: "ranking", digest: testSet.digest, k, indices });
  }
  return { ok: true, form, table: parsed.table, rowCount: parsed.rowCount };
}

/** Answers aligned to a test set: computed once per answers version (`alignAnswers`). */
export interface AlignedAnswers {
  /** The digest of the test set the gather maps from. */
  digest: string;
  /** For each answers row i, the test-set row of the same id. */
  gather: Uint32Array;
  /** Ranking only: the test set's item vocabulary, what a form's indices name. */
  items?: readonly string[];
  /** The answers' own positions map: scoring checks the answers are these. */
  positions: ReadonlyMap<string, number>;
}

/** Checks the answers hold exactly the test set's ids (and items) and builds the gather. */
export function alignAnswers(answers: Answers, testSet: TestSet): AlignedAnswers {
  const ids = answers.table.ids;
  if (answers.table.positions.size !== ids.length) {
    throw new Error(
      `The answers repeat ids: ${ids.length} rows, ${answers.table.positions.size} ids`,
    );
  }
  const gather = new Uint32Array(ids.length);
  const missing: string[] = [];
  let missingCount = 0;
  for (let i = 0; i < ids.length; i++) {
    const row = testSet.positions.get(ids[i]!);
    if (row === undefined) {
      missingCount++;
      if (missing.length < 3) missing.push(JSON.stringify(ids[i]));
      continue;
    }
    gather[i] = row;
  }
  if (missingCount > 0 || ids.length !== testSet.ids.length) {
    const extra = testSet.ids.length - (ids.length - missingCount);
    throw new Error(
      `The answers' ids are not the test set's: ${missingCount} answer ids are not in the test set` +
        `${missing.length ? ` (e.g. ${missing.join(", ")})` : ""}, ${extra} test ids have no answer`,
    );
  }
  const ranking = answers.table.predictions.kind === "ranking";
  if (ranking !== (testSet.kind === "ranking")) {
    throw new Error(
      `Answers of kind ${answers.table.predictions.kind} against a ${testSet.kind} test set`,
    );
  }
  if (ranking && answers.eligible) {
    const items = testSet.itemIndex!;
    const same =
      answers.eligible.size === items.size &&
      [...answers.eligible].every((item) => items.has(item));
    if (!same) throw new Error(`The answers' eligible items are not the test set's items`);
  }
  return {
    digest: testSet.digest,
    gather,
    positions: answers.table.positions,
    ...(testSet.items ? { items: testSet.items } : {}),
  };
}

/**
 * Scores an aligned form: gathers its rows into the answers' order and runs the same metric as
 * `scorePredictions` on a parsed file, so the score is bit-identical to `scoreSubmissionCsv`'s
 * (row order matters: Gini keeps it among ties, and sums round in order).
 */
export function scoreAligned(
  challenge: Challenge,
  answers: Answers,
  aligned: AlignedAnswers,
  form: Uint8Array | AlignedForm,
): PartScores {
  if (aligned.positions !== answers.table.positions) {
    throw new Error(`${challenge.key}: the aligned answers were not aligned from these answers`);
  }
  const decoded = form instanceof Uint8Array ? decodeAligned(form) : form;
  if (decoded.digest !== aligned.digest) {
    throw new Error(
      `${challenge.key}: the form is aligned to another test set (digest ${decoded.digest.slice(0, 12)}…, ` +
        `expected ${aligned.digest.slice(0, 12)}…)`,
    );
  }
  const target = challenge.target;
  if (decoded.kind !== target.kind) {
    throw new Error(`${challenge.key}: a ${decoded.kind} form for a ${target.kind} challenge`);
  }
  const gather = aligned.gather;
  const n = gather.length;
  if (decoded.rows !== n) {
    throw new Error(`${challenge.key}: the form has ${decoded.rows} rows, the answers ${n}`);
  }
  let predictions: PredictionValues;
  if (decoded.kind === "label" && target.kind === "label") {
    if (
      decoded.labelCount !== target.labels.length ||
      decoded.labelSetHash !== labelSetHash(target.labels)
    ) {
      throw new Error(`${challenge.key}: the form's codes index another label set`);
    }
    const source = decoded.codes;
    const values = new Uint16Array(n);
    for (let i = 0; i < n; i++) values[i] = source[gather[i]!]!;
    predictions = { kind: "label", labels: target.labels, values };
  } else if (decoded.kind === "numeric") {
    const source = decoded.values;
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) values[i] = source[gather[i]!]!;
    predictions = { kind: "numeric", values };
  } else if (decoded.kind === "ranking" && target.kind === "ranking") {
    const items = aligned.items;
    if (!items) throw new Error(`${challenge.key}: the aligned answers have no item vocabulary`);
    if (decoded.k !== target.k) {
      throw new Error(`${challenge.key}: the form ranks ${decoded.k} items a row, not ${target.k}`);
    }
    const k = decoded.k;
    const source = decoded.indices;
    const values = new Array<string[]>(n);
    for (let i = 0; i < n; i++) {
      const from = gather[i]! * k;
      const row = new Array<string>(k);
      for (let j = 0; j < k; j++) {
        const item = items[source[from + j]!];
        if (item === undefined) {
          throw new Error(
            `${challenge.key}: the form names item ${source[from + j]}, outside the vocabulary`,
          );
        }
        row[j] = item;
      }
      values[i] = row;
    }
    predictions = { kind: "ranking", values };
  } else {
    throw new Error(`${challenge.key}: a ${decoded.kind} form for a ${target.kind} challenge`);
  }
  const table: PredictionTable = {
    ids: answers.table.ids,
    predictions,
    positions: answers.table.positions,
  };
  return scorePredictions(challenge, answers, table);
}
