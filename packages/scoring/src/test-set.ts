import { createHash } from "node:crypto";
import type { Answers } from "./answers";

/**
 * The public test set of a challenge (docs/adr/0021-workers-score.md): the test ids, sorted, and
 * for ranking challenges the eligible items (the vocabulary). Built from public facts only: every
 * id is in the published test file, every item in the published eligible file. Sorting removes
 * any trace of the answers file's row order, which is the organizers' and may leak.
 */
export interface TestSet {
  /** "ranking" when the test set has an item vocabulary, else "rows" (label and numeric). */
  kind: "rows" | "ranking";
  /** The test ids in `idKey` form, sorted by UTF-16 code unit. */
  ids: readonly string[];
  /** Row by id: the submission's rows land in this (sorted) order (ParseOptions.expected). */
  positions: ReadonlyMap<string, number>;
  /** Ranking only: the eligible items, sorted the same way (an aligned form's indices). */
  items?: readonly string[];
  /** Ranking only: index of each item in `items`. */
  itemIndex?: ReadonlyMap<string, number>;
  /** Ranking only: the items as a set (ParseOptions.eligibleItems). */
  eligible?: ReadonlySet<string>;
  /** Hex SHA-256 of kind, ids and items: what an aligned form names as the rows it is aligned to. */
  digest: string;
}

export interface TestSetInput {
  /** The test ids in `idKey` form, in any order; distinct. */
  ids: Iterable<string>;
  /** Ranking challenges only: the eligible items, in any order; distinct. */
  items?: Iterable<string>;
}

/** UTF-16 code unit order: what the default `sort()` does, spelled out so no one passes a locale. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function createTestSet(input: TestSetInput): TestSet {
  const ids = [...input.ids].sort(byCodeUnit);
  const positions = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) positions.set(ids[i]!, i);
  if (positions.size !== ids.length) {
    throw new Error(`A test set's ids must be distinct: ${ids.length - positions.size} repeat`);
  }
  const kind = input.items === undefined ? "rows" : "ranking";
  const hash = createHash("sha256");
  // One JSON value a line: no id or item can forge a line break or a section boundary.
  hash.update(`tandem-test-set/1\n${JSON.stringify(kind)}\n${ids.length}\n`);
  for (const id of ids) hash.update(`${JSON.stringify(id)}\n`);
  if (input.items === undefined) {
    return { kind, ids, positions, digest: hash.digest("hex") };
  }
  const items = [...input.items].sort(byCodeUnit);
  const itemIndex = new Map<string, number>();
  for (let i = 0; i < items.length; i++) itemIndex.set(items[i]!, i);
  if (itemIndex.size !== items.length) {
    throw new Error(`A test set's items must be distinct: ${items.length - itemIndex.size} repeat`);
  }
  hash.update(`${items.length}\n`);
  for (const item of items) hash.update(`${JSON.stringify(item)}\n`);
  return {
    kind,
    ids,
    positions,
    items,
    itemIndex,
    eligible: new Set(items),
    digest: hash.digest("hex"),
  };
}

/**
 * The test set of parsed answers: their ids (and, for a ranking, their eligible items). For
 * tests, benches and fallbacks that hold the answers anyway; the gateway builds its test set from
 * the public table instead.
 */
export function testSetOfAnswers(answers: Answers): TestSet {
  if (answers.table.predictions.kind !== "ranking")
    return createTestSet({ ids: answers.table.ids });
  if (!answers.eligible) {
    throw new Error(
      "Ranking answers without their eligible items have no test set: the item vocabulary is unknown",
    );
  }
  return createTestSet({ ids: answers.table.ids, items: answers.eligible });
}
