import { createHmac } from "node:crypto";
import type { Challenge } from "@tandem/competition";
import { ID_SEPARATOR } from "./csv";

/*
 * The public/private split of a challenge's hidden rows (docs/adr/0009-public-private-split.md).
 * Node only (node:crypto): the worker, the gateway and the data tools compute it; the web never does.
 */

export const PUBLIC = 1;
export const PRIVATE = 0;

/**
 * Where a group falls in [0, 1): an HMAC-SHA256 of the secret seed over the challenge and the
 * group, its first 53 bits read as a fraction (all a double holds, so the result is below 1).
 */
export function splitPosition(seed: string, challengeKey: string, groupKey: string): number {
  const digest = createHmac("sha256", seed).update(`${challengeKey}\n${groupKey}`).digest();
  return Number(digest.readBigUInt64BE(0) >> 11n) / 2 ** 53;
}

/**
 * Each row's group: the `split.groupBy` id column's value, else the row's id. `ids` are the
 * answers' `idKey`s, whose parts are the challenge's id columns in order.
 */
export function groupKeysOf(challenge: Challenge, ids: readonly string[]): readonly string[] {
  const groupBy = challenge.split.groupBy;
  if (groupBy === undefined) return ids;
  const index = challenge.idColumns.indexOf(groupBy);
  if (index < 0) {
    throw new Error(
      `${challenge.key}: split.groupBy "${groupBy}" is not one of its id columns (${challenge.idColumns.join(", ")})`,
    );
  }
  if (challenge.idColumns.length === 1) return ids;
  return ids.map((id) => id.split(ID_SEPARATOR)[index]!);
}

/**
 * Which rows are public (1) or private (0), one byte per row of `ids`, from the secret seed.
 * Both parts are never empty: when the draw leaves one empty (a tiny test set), the group
 * closest to the other side of the cut moves over, i.e. the lowest-drawn group becomes public
 * or the highest-drawn one private. A set with a single group cannot be split and is refused.
 */
export function computePublicRows(
  challenge: Challenge,
  seed: string,
  ids: readonly string[],
): Uint8Array {
  const groups = groupKeysOf(challenge, ids);
  const fraction = challenge.split.publicFraction;
  const positions = new Map<string, number>();
  for (const group of groups) {
    if (!positions.has(group)) positions.set(group, splitPosition(seed, challenge.key, group));
  }
  if (positions.size < 2) {
    throw new Error(
      `${challenge.key}: ${positions.size} group(s) in the answers; a public and a private part need at least two`,
    );
  }
  let publicGroups = 0;
  let lowest: [string, number] = ["", Number.POSITIVE_INFINITY];
  let highest: [string, number] = ["", Number.NEGATIVE_INFINITY];
  for (const entry of positions) {
    if (entry[1] < fraction) publicGroups++;
    if (entry[1] < lowest[1]) lowest = entry;
    if (entry[1] > highest[1]) highest = entry;
  }
  let forcePublic: string | undefined;
  let forcePrivate: string | undefined;
  if (publicGroups === 0) forcePublic = lowest[0];
  if (publicGroups === positions.size) forcePrivate = highest[0];
  const rows = new Uint8Array(groups.length);
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i]!;
    rows[i] =
      group === forcePublic
        ? PUBLIC
        : group === forcePrivate
          ? PRIVATE
          : positions.get(group)! < fraction
            ? PUBLIC
            : PRIVATE;
  }
  return rows;
}

/** The problem with a stored or imported split, or undefined when it is usable. */
export function splitProblem(publicRows: Uint8Array, rowCount: number): string | undefined {
  if (publicRows.length !== rowCount) {
    return `the split covers ${publicRows.length} rows, the answers have ${rowCount}`;
  }
  let publicCount = 0;
  for (const flag of publicRows) {
    if (flag !== PUBLIC && flag !== PRIVATE) return `the split holds ${flag}, not 0 or 1`;
    publicCount += flag;
  }
  if (publicCount === 0) return "no row is public";
  if (publicCount === rowCount) return "no row is private";
  return undefined;
}
