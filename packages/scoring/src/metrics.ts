/**
 * Evaluation metrics. Each matches its scikit-learn (or, for Gini, the usual competition)
 * definition on the same vectors; fixtures in test/ pin that down.
 */

/** Macro-averaged F1 over the labels present in either vector (sklearn `average="macro"`, zero_division=0). */
export function macroF1(actual: readonly string[], predicted: readonly string[]): number {
  assertSameLength(actual, predicted);
  const codes = new Map<string, number>();
  const encode = (values: readonly string[]) =>
    Uint16Array.from(values, (value) => {
      let code = codes.get(value);
      if (code === undefined) {
        code = codes.size;
        codes.set(value, code);
      }
      return code;
    });
  const a = encode(actual);
  return macroF1Codes(a, encode(predicted), codes.size);
}

/**
 * Macro-F1 on labels coded 0..classes-1 (what the submission parser produces): counts go into
 * three small arrays, so a million rows cost one pass and no hashing.
 */
export function macroF1Codes(
  actual: ArrayLike<number>,
  predicted: ArrayLike<number>,
  classes: number,
): number {
  assertSameLength(actual, predicted);
  const tp = new Float64Array(classes);
  const actualCount = new Float64Array(classes);
  const predictedCount = new Float64Array(classes);
  for (let i = 0; i < actual.length; i++) {
    const a = actual[i]!;
    const p = predicted[i]!;
    actualCount[a]!++;
    predictedCount[p]!++;
    if (a === p) tp[a]!++;
  }
  let present = 0;
  let sum = 0;
  for (let c = 0; c < classes; c++) {
    const denominator = actualCount[c]! + predictedCount[c]!;
    if (denominator === 0) continue; // a label in neither vector does not count
    present++;
    sum += (2 * tp[c]!) / denominator;
  }
  return present === 0 ? 0 : sum / present;
}

export function mse(actual: ArrayLike<number>, predicted: ArrayLike<number>): number {
  assertSameLength(actual, predicted);
  let sum = 0;
  for (let i = 0; i < actual.length; i++) {
    const d = actual[i]! - predicted[i]!;
    sum += d * d;
  }
  return actual.length === 0 ? 0 : sum / actual.length;
}

export function rmse(actual: ArrayLike<number>, predicted: ArrayLike<number>): number {
  return Math.sqrt(mse(actual, predicted));
}

export function mae(actual: ArrayLike<number>, predicted: ArrayLike<number>): number {
  assertSameLength(actual, predicted);
  let sum = 0;
  for (let i = 0; i < actual.length; i++) sum += Math.abs(actual[i]! - predicted[i]!);
  return actual.length === 0 ? 0 : sum / actual.length;
}

/**
 * Gini of `actual` when rows are ordered by `ranking` descending (ties keep file order):
 * the sum over rows of (cumulative share of actual - cumulative share of rows).
 */
function gini(actual: ArrayLike<number>, ranking: ArrayLike<number>): number {
  const n = actual.length;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => ranking[b]! - ranking[a]! || a - b);
  let total = 0;
  for (let i = 0; i < n; i++) total += actual[i]!;
  if (n === 0 || total === 0) return 0;
  let cumulative = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    cumulative += actual[order[i]!]!;
    sum += cumulative / total - (i + 1) / n;
  }
  return sum;
}

/** Normalized Gini: the Gini of the predictions divided by the Gini of the perfect ordering. */
export function normalizedGini(actual: ArrayLike<number>, predicted: ArrayLike<number>): number {
  assertSameLength(actual, predicted);
  const best = gini(actual, actual);
  return best === 0 ? 0 : gini(actual, predicted) / best;
}

/**
 * Mean NDCG@k with binary relevance: `relevant[i]` is the set of items that are relevant for
 * query i, `ranked[i]` the predicted items best first. A query with nothing relevant scores 0.
 */
export function ndcgAtK(
  relevant: readonly ReadonlySet<string>[],
  ranked: readonly (readonly string[])[],
  k: number,
): number {
  assertSameLength(relevant, ranked);
  if (relevant.length === 0) return 0;
  let sum = 0;
  for (let q = 0; q < relevant.length; q++) {
    const rel = relevant[q]!;
    const items = ranked[q]!;
    let dcg = 0;
    for (let i = 0; i < Math.min(k, items.length); i++) {
      if (rel.has(items[i]!)) dcg += 1 / Math.log2(i + 2);
    }
    let ideal = 0;
    for (let i = 0; i < Math.min(k, rel.size); i++) ideal += 1 / Math.log2(i + 2);
    sum += ideal === 0 ? 0 : dcg / ideal;
  }
  return sum / relevant.length;
}

function assertSameLength(a: ArrayLike<unknown>, b: ArrayLike<unknown>): void {
  if (a.length !== b.length) {
    throw new RangeError(`Vectors differ in length: ${a.length} and ${b.length}`);
  }
}
