import { createHash } from "node:crypto";
import type { PredictionTable } from "@tandem/scoring";

/** Rankings are hashed in pieces of about this many characters, not one update per row. */
const CHUNK_CHARS = 1 << 20;

interface IdOrder {
  /** Each row's position, in id order. */
  order: Uint32Array;
  /** SHA-256 of the ids in that order: which rows the values below belong to. */
  idsDigest: Buffer;
}

// Worked out once per test set (answers version) on each parser thread: sorting a million ids
// takes most of a second, hashing a file's values in that order a few milliseconds.
const idOrders = new WeakMap<ReadonlyMap<string, number>, IdOrder>();

function idOrder(positions: ReadonlyMap<string, number>): IdOrder {
  const known = idOrders.get(positions);
  if (known) return known;
  const ids = [...positions.keys()];
  ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const order = Uint32Array.from(ids, (id) => positions.get(id)!);
  const digest = createHash("sha256");
  for (const id of ids) digest.update(`${JSON.stringify(id)}\n`);
  const made = { order, idsDigest: digest.digest() };
  idOrders.set(positions, made);
  return made;
}

/**
 * SHA-256 (hex) of a parsed file's predictions in a normal form: the rows in id order, each
 * value as it was parsed (a label as its place in the label set, a number as its double, a
 * ranking's items in order). Two files with the same predictions hash alike whatever their row
 * order, line endings, quoting, `0.50` or `0.5`, `1.0` or `True` for label 1: the organizers'
 * console compares teams' files by it (issue 30), where `payloadHash` (the bytes) only finds a
 * team's own resends.
 */
export function contentHash(table: PredictionTable): string {
  const { predictions } = table;
  const { order, idsDigest } = idOrder(table.positions);
  const hash = createHash("sha256").update(predictions.kind).update(idsDigest);
  if (predictions.kind === "label") {
    hash.update(JSON.stringify(predictions.labels));
    const sorted = new Uint16Array(order.length);
    for (let i = 0; i < order.length; i++) sorted[i] = predictions.values[order[i]!]!;
    hash.update(new Uint8Array(sorted.buffer));
  } else if (predictions.kind === "numeric") {
    const sorted = new Float64Array(order.length);
    // `+ 0` makes -0 the same prediction as 0.
    for (let i = 0; i < order.length; i++) sorted[i] = predictions.values[order[i]!]! + 0;
    hash.update(new Uint8Array(sorted.buffer));
  } else {
    let chunk = "";
    for (let i = 0; i < order.length; i++) {
      // Items may hold any character: quoted, so no two rankings write the same text.
      chunk += `${JSON.stringify(predictions.values[order[i]!])}\n`;
      if (chunk.length >= CHUNK_CHARS) {
        hash.update(chunk);
        chunk = "";
      }
    }
    hash.update(chunk);
  }
  return hash.digest("hex");
}
