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
 * Gini of `actual` over `rows` (all rows when absent) ordered by `ranking` descending (ties keep
 * file order): the sum over rows of (cumulative share of actual - cumulative share of rows).
 */
function gini(actual: ArrayLike<number>, ranking: ArrayLike<number>, rows?: Uint32Array): number {
  const order = rows ? Array.from(rows) : Array.from({ length: actual.length }, (_, i) => i);
  const n = order.length;
  // Summed in file order, before the sort: the same total, to the last bit, as before parts.
  let total = 0;
  for (let i = 0; i < n; i++) total += actual[order[i]!]!;
  if (n === 0 || total === 0) return 0;
  order.sort((a, b) => ranking[b]! - ranking[a]! || a - b);
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
  for (let q = 0; q < relevant.length; q++) sum += ndcgOfQuery(relevant[q]!, ranked[q]!, k);
  return sum / relevant.length;
}

function ndcgOfQuery(rel: ReadonlySet<string>, items: readonly string[], k: number): number {
  let dcg = 0;
  for (let i = 0; i < Math.min(k, items.length); i++) {
    if (rel.has(items[i]!)) dcg += 1 / Math.log2(i + 2);
  }
  let ideal = 0;
  for (let i = 0; i < Math.min(k, rel.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

function assertSameLength(a: ArrayLike<unknown>, b: ArrayLike<unknown>): void {
  if (a.length !== b.length) {
    throw new RangeError(`Vectors differ in length: ${a.length} and ${b.length}`);
  }
}

/*
 * The same metrics on the public and the private rows at once (docs/adr/0009): `isPublic[i]`
 * is 1 when row i is public, 0 when private. One pass accumulates both parts side by side, so
 * scoring both costs about what scoring the whole set did; nothing is copied but Gini's sort
 * order, which it needs anyway.
 */

export interface PartScores {
  public: number;
  private: number;
}

const parts = (values: ArrayLike<number>): PartScores => ({
  public: values[1]!,
  private: values[0]!,
});

export function macroF1CodesByPart(
  actual: ArrayLike<number>,
  predicted: ArrayLike<number>,
  classes: number,
  isPublic: Uint8Array,
): PartScores {
  assertSameLength(actual, predicted);
  assertSameLength(actual, isPublic);
  // Part p's counts of class c live at p * classes + c.
  const tp = new Float64Array(2 * classes);
  const actualCount = new Float64Array(2 * classes);
  const predictedCount = new Float64Array(2 * classes);
  for (let i = 0; i < actual.length; i++) {
    const offset = isPublic[i]! * classes;
    const a = actual[i]!;
    const p = predicted[i]!;
    actualCount[offset + a]!++;
    predictedCount[offset + p]!++;
    if (a === p) tp[offset + a]!++;
  }
  const values = [0, 0];
  for (let p = 0; p < 2; p++) {
    let present = 0;
    let sum = 0;
    for (let c = p * classes; c < (p + 1) * classes; c++) {
      const denominator = actualCount[c]! + predictedCount[c]!;
      if (denominator === 0) continue;
      present++;
      sum += (2 * tp[c]!) / denominator;
    }
    values[p] = present === 0 ? 0 : sum / present;
  }
  return parts(values);
}

export function mseByPart(
  actual: ArrayLike<number>,
  predicted: ArrayLike<number>,
  isPublic: Uint8Array,
): PartScores {
  return meanLossByPart(actual, predicted, isPublic, true);
}

export function rmseByPart(
  actual: ArrayLike<number>,
  predicted: ArrayLike<number>,
  isPublic: Uint8Array,
): PartScores {
  const squared = mseByPart(actual, predicted, isPublic);
  return { public: Math.sqrt(squared.public), private: Math.sqrt(squared.private) };
}

export function maeByPart(
  actual: ArrayLike<number>,
  predicted: ArrayLike<number>,
  isPublic: Uint8Array,
): PartScores {
  return meanLossByPart(actual, predicted, isPublic, false);
}

/** Mean squared (`squared`) or absolute error of each part, in one pass. */
function meanLossByPart(
  actual: ArrayLike<number>,
  predicted: ArrayLike<number>,
  isPublic: Uint8Array,
  squared: boolean,
): PartScores {
  assertSameLength(actual, predicted);
  assertSameLength(actual, isPublic);
  // Branch-free in the part: a row's loss goes to its part by multiplying with its flag (0 or 1,
  // exact), which keeps both sums in registers whatever the order of public and private rows.
  // `squared` is the same for every row, so its branch is always predicted.
  let publicSum = 0;
  let privateSum = 0;
  let publicCount = 0;
  for (let i = 0; i < actual.length; i++) {
    const d = actual[i]! - predicted[i]!;
    const loss = squared ? d * d : Math.abs(d);
    const flag = isPublic[i]!;
    publicSum += flag * loss;
    privateSum += (1 - flag) * loss;
    publicCount += flag;
  }
  return means(publicSum, privateSum, publicCount, actual.length);
}

function means(publicSum: number, privateSum: number, publicCount: number, rows: number) {
  const privateCount = rows - publicCount;
  return {
    public: publicCount === 0 ? 0 : publicSum / publicCount,
    private: privateCount === 0 ? 0 : privateSum / privateCount,
  };
}

/** The rows of each part, in file order (Gini's ties keep that order). */
function rowsByPart(isPublic: Uint8Array): [Uint32Array, Uint32Array] {
  let publicCount = 0;
  for (let i = 0; i < isPublic.length; i++) publicCount += isPublic[i]!;
  const rows: [Uint32Array, Uint32Array] = [
    new Uint32Array(isPublic.length - publicCount),
    new Uint32Array(publicCount),
  ];
  const next = [0, 0];
  for (let i = 0; i < isPublic.length; i++) {
    const p = isPublic[i]!;
    rows[p]![next[p]!++] = i;
  }
  return rows;
}

export function normalizedGiniByPart(
  actual: ArrayLike<number>,
  predicted: ArrayLike<number>,
  isPublic: Uint8Array,
): PartScores {
  assertSameLength(actual, predicted);
  assertSameLength(actual, isPublic);
  return parts(
    rowsByPart(isPublic).map((rows) => {
      const best = gini(actual, actual, rows);
      return best === 0 ? 0 : gini(actual, predicted, rows) / best;
    }),
  );
}

export function ndcgAtKByPart(
  relevant: readonly ReadonlySet<string>[],
  ranked: readonly (readonly string[])[],
  k: number,
  isPublic: Uint8Array,
): PartScores {
  assertSameLength(relevant, ranked);
  assertSameLength(relevant, isPublic);
  const sums = [0, 0];
  const counts = [0, 0];
  for (let q = 0; q < relevant.length; q++) {
    const p = isPublic[q]!;
    sums[p]! += ndcgOfQuery(relevant[q]!, ranked[q]!, k);
    counts[p]!++;
  }
  return parts(sums.map((sum, p) => (counts[p] === 0 ? 0 : sum / counts[p]!)));
}
