/**
 * The four metric families the probing bench attacks, each a generated test set of a challenge of
 * the default definition, parsed, split and scored by the real code (packages/scoring:
 * parseAnswers with the split seed, i.e. computePublicRows; parseSubmission; scorePredictions).
 * Each honest model is tuned to score about what the dataset docs give for a good model.
 */
import { type Challenge, METRICS } from "@tandem/competition";
import {
  type Answers,
  groupKeysOf,
  normalizedGini,
  type PartScores,
  type PredictionTable,
  parseAnswers,
  parseSubmission,
  scorePredictions,
} from "@tandem/scoring";
import { createRng, type Rng } from "./random";

export type FamilyId = "labels" | "regression" | "ranking" | "gini";
export type RowValue = number | string[];

export interface Family {
  id: FamilyId;
  challenge: Challenge;
  higherIsBetter: boolean;
  rows: number;
  answers: Answers;
  /** 1 when the row is public: the real split of the answers (hidden from the attacker). */
  isPublic: Uint8Array;
  /** Rows of each split group (`split.groupBy`; one row per group when absent): public knowledge. */
  groups: number[][];
  groupOf: Int32Array;
  honest: PredictionTable;
  /** The honest model's score on the whole set (what it was tuned to). */
  honestWhole: number;
  /** Rows from the least to the most certain, as the honest model sees them (labels only). */
  doubt?: number[];
  score(table: PredictionTable): PartScores;
  clone(table: PredictionTable): PredictionTable;
  get(table: PredictionTable, i: number): RowValue;
  set(table: PredictionTable, i: number, value: RowValue): void;
  /** A strong change of row i (attacks 1 and 2): the shown score moves if the row is public. */
  probe(table: PredictionTable, i: number): void;
  /** Row i as the descent's deliberately bad first submission has it. */
  spoil(table: PredictionTable, i: number): void;
  /** A small random change of row i (hill climbing). */
  nudge(table: PredictionTable, i: number, rng: Rng): void;
}

/** The bench's split seed: public, like the scoring bench's; each repeat has its own. */
export const splitSeed = (repeat: number) => `bench-probing-split-not-secret-${repeat}`;

/** Bisection of a monotone `f` on [lo, hi] for `target`. */
function tune(lo: number, hi: number, target: number, f: (x: number) => number): number {
  const rising = f(hi) > f(lo);
  for (let k = 0; k < 30; k++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < target === rising) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function parse(challenge: Challenge, answersCsv: string, repeat: number, eligible?: string[]) {
  const answers = parseAnswers(answersCsv, challenge, {
    splitSeed: splitSeed(repeat),
    ...(eligible ? { eligibleItems: eligible } : {}),
  });
  return {
    answers,
    parseHonest(csv: string): PredictionTable {
      const parsed = parseSubmission(csv, challenge, {
        expected: answers.table.positions,
        ...(answers.eligible ? { eligibleItems: answers.eligible } : {}),
      });
      if (!parsed.ok) throw new Error(`${challenge.key}: ${parsed.errors.join("; ")}`);
      return parsed.table;
    },
  };
}

function groupsOf(challenge: Challenge, ids: readonly string[]) {
  const keys = groupKeysOf(challenge, ids);
  const index = new Map<string, number>();
  const groupOf = new Int32Array(keys.length);
  const groups: number[][] = [];
  keys.forEach((key, row) => {
    let g = index.get(key);
    if (g === undefined) {
      g = groups.length;
      index.set(key, g);
      groups.push([]);
    }
    groups[g]!.push(row);
    groupOf[row] = g;
  });
  return { groups, groupOf };
}

function family(
  id: FamilyId,
  challenge: Challenge,
  answers: Answers,
  honest: PredictionTable,
  ops: Pick<Family, "probe" | "spoil" | "nudge">,
): Family {
  const score = (table: PredictionTable) => scorePredictions(challenge, answers, table);
  const whole = (() => {
    const s = score(honest);
    const pub = answers.isPublic!.reduce((a, b) => a + b, 0);
    const n = answers.isPublic!.length;
    return (s.public * pub + s.private * (n - pub)) / n;
  })();
  return {
    id,
    challenge,
    higherIsBetter: METRICS[challenge.metric].higherIsBetter,
    rows: answers.table.ids.length,
    answers,
    isPublic: answers.isPublic!,
    ...groupsOf(challenge, answers.table.ids),
    honest,
    honestWhole: whole,
    score,
    clone(table) {
      const p = table.predictions;
      const predictions =
        p.kind === "label"
          ? { ...p, values: p.values.slice() }
          : p.kind === "numeric"
            ? { ...p, values: p.values.slice() }
            : { ...p, values: p.values.map((list) => list.slice()) };
      return { ...table, predictions };
    },
    get(table, i) {
      const p = table.predictions;
      return p.kind === "ranking" ? p.values[i]!.slice() : p.values[i]!;
    },
    set(table, i, value) {
      const p = table.predictions;
      if (p.kind === "ranking") p.values[i] = (value as string[]).slice();
      else p.values[i] = value as number;
    },
    ...ops,
  };
}

function numbers(table: PredictionTable): Float64Array {
  if (table.predictions.kind !== "numeric") throw new Error("not a numeric table");
  return table.predictions.values;
}

function labelCodes(table: PredictionTable): Uint16Array {
  if (table.predictions.kind !== "label") throw new Error("not a label table");
  return table.predictions.values;
}

/**
 * Commerce C3-like coupons: 10,000 offers, about 22% redeemed, binary Macro-F1. The honest model
 * sees a score correlated with the hidden log-odds; its noise is tuned to Macro-F1 0.67.
 */
export function labelsFamily(challenge: Challenge, repeat: number, target = 0.67): Family {
  const rng = createRng(`labels-${repeat}`);
  const n = 10_000;
  const x = Float64Array.from({ length: n }, () => rng.normal());
  const noise = Float64Array.from({ length: n }, () => rng.normal());
  const truth = Uint8Array.from({ length: n }, (_, i) => (x[i]! + 0.35 * noise[i]! > 0.8 ? 1 : 0));
  const hidden = Float64Array.from({ length: n }, () => rng.normal());
  const predict = (s: number) => {
    const score = Float64Array.from({ length: n }, (_, i) => x[i]! + s * hidden[i]!);
    return { score, ...bestCut(truth, score) };
  };
  const s = tune(0, 3, target, (v) => predict(v).f1);
  const { score, cut } = predict(s);
  const ids = Array.from({ length: n }, (_, i) => `OF${String(30_001 + i).padStart(6, "0")}`);
  const header = challenge.header.join(",");
  const answersCsv = `${header}\n${ids.map((id, i) => `${id},${truth[i]}`).join("\n")}\n`;
  const honestCsv = `${header}\n${ids.map((id, i) => `${id},${score[i]! > cut ? 1 : 0}`).join("\n")}\n`;
  const { answers, parseHonest } = parse(challenge, answersCsv, repeat);
  const classes = challenge.target.kind === "label" ? challenge.target.labels.length : 2;
  const flip = (table: PredictionTable, i: number) => {
    const v = labelCodes(table);
    v[i] = (v[i]! + 1) % classes;
  };
  const labels = family("labels", challenge, answers, parseHonest(honestCsv), {
    probe: flip,
    spoil: flip,
    nudge: flip,
  });
  const distance = Float64Array.from(score, (v) => Math.abs(v - cut));
  labels.doubt = Array.from({ length: n }, (_, i) => i).sort((a, b) => distance[a]! - distance[b]!);
  return labels;
}

/**
 * The cut-off an honest team tunes on its training data: the one that maximizes Macro-F1, found
 * in one pass over the scores sorted from the top.
 */
function bestCut(truth: Uint8Array, score: Float64Array): { f1: number; cut: number } {
  const n = truth.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => score[b]! - score[a]!);
  let positives = 0;
  for (const t of truth) positives += t;
  let best = { f1: -1, cut: 0 };
  let tp = 0;
  for (let k = 0; k < n - 1; k++) {
    tp += truth[order[k]!]!;
    const p = k + 1;
    const tn = n - p - positives + tp;
    const f1 = (2 * tp) / (positives + p) / 2 + (2 * tn) / (2 * n - positives - p) / 2;
    if (f1 > best.f1) best = { f1, cut: (score[order[k]!]! + score[order[k + 1]!]!) / 2 };
  }
  return best;
}

/**
 * Commerce C1-like demand: 1,500 SKUs x weeks 45-52 (12,000 rows, split by sku_id), units
 * ~ Poisson(6 · popularity · event lift · exp(N(0, 0.15²))) as datasets/docs/commerce.md has it.
 * The honest model's multiplicative error is tuned to the docs' good-model RMSE, 12.9.
 */
export function regressionFamily(
  challenge: Challenge,
  repeat: number,
  spoilBy: number,
  target = 12.9,
): Family {
  const rng = createRng(`regression-${repeat}`);
  const skus = 1500;
  const weeks = [45, 46, 47, 48, 49, 50, 51, 52];
  const lift: Record<number, number> = { 47: 2.0, 48: 1.35, 51: 1.6, 52: 1.2 };
  const n = skus * weeks.length;
  const mean = new Float64Array(n);
  const truth = new Float64Array(n);
  const skuError = Float64Array.from({ length: skus }, () => rng.normal());
  const rowError = Float64Array.from({ length: n }, () => rng.normal());
  for (let s = 0; s < skus; s++) {
    const popularity = Math.exp(rng.normal());
    weeks.forEach((week, w) => {
      const i = s * weeks.length + w;
      mean[i] = 6 * popularity * (lift[week] ?? 1) * Math.exp(0.15 * rng.normal());
      truth[i] = rng.poisson(mean[i]!);
    });
  }
  const predict = (e: number) =>
    Float64Array.from(mean, (m, i) =>
      Math.max(0, m * Math.exp(e * (0.6 * skuError[Math.floor(i / 8)]! + 0.8 * rowError[i]!))),
    );
  const rmseOf = (p: Float64Array) =>
    Math.sqrt(p.reduce((sum, v, i) => sum + (v - truth[i]!) ** 2, 0) / n);
  const honestValues = predict(tune(0, 2, target, (e) => rmseOf(predict(e))));
  const ids = Array.from({ length: n }, (_, i) => [
    `SKU${String(Math.floor(i / 8) + 1).padStart(5, "0")}`,
    weeks[i % 8],
  ]);
  const header = challenge.header.join(",");
  const answersCsv = `${header}\n${ids.map((id, i) => `${id.join(",")},${truth[i]}`).join("\n")}\n`;
  const honestCsv = `${header}\n${ids
    .map((id, i) => `${id.join(",")},${honestValues[i]!.toFixed(3)}`)
    .join("\n")}\n`;
  const { answers, parseHonest } = parse(challenge, answersCsv, repeat);
  const honest = parseHonest(honestCsv);
  const step = target / 2;
  return family("regression", challenge, answers, honest, {
    probe: (table, i) => {
      numbers(table)[i]! += PROBE_JUMP;
    },
    spoil: (table, i) => {
      numbers(table)[i]! += spoilBy;
    },
    nudge: (table, i, r) => {
      numbers(table)[i]! += r.next() < 0.5 ? -step : step;
    },
  });
}

/** How strongly a customer's own taste drives what they buy (sets the best reachable NDCG). */
const TASTE = 1.8;

/** How far a regression probe moves one prediction (about 80 times the honest RMSE). */
export const PROBE_JUMP = 1000;

/**
 * Commerce C2-like recommendations: 1,850 customers, 750 eligible SKUs, about 2.4 relevant SKUs
 * each drawn by popularity and the customer's own taste. The honest ranking sees the taste
 * through noise tuned to NDCG@10 0.21 (the docs' baseline).
 */
export function rankingFamily(challenge: Challenge, repeat: number, target = 0.21): Family {
  const rng = createRng(`ranking-${repeat}`);
  const customers = 1850;
  const itemCount = 750;
  const items = Array.from(
    { length: itemCount },
    (_, j) => `SKU${String(2 * j + 1).padStart(5, "0")}`,
  );
  const logPopularity = Float64Array.from({ length: itemCount }, () => rng.normal());
  const taste = Float32Array.from({ length: customers * itemCount }, () => rng.normal());
  const noise = Float32Array.from({ length: customers * itemCount }, () => rng.normal());
  const relevant: Set<number>[] = [];
  for (let c = 0; c < customers; c++) {
    const weights = Array.from({ length: itemCount }, (_, j) =>
      Math.exp(logPopularity[j]! + TASTE * taste[c * itemCount + j]!),
    );
    const total = weights.reduce((a, b) => a + b, 0);
    const bought = new Set<number>();
    const count = 1 + rng.poisson(1.4);
    while (bought.size < count) {
      let r = rng.next() * total;
      let j = 0;
      while (j < itemCount - 1 && r >= weights[j]!) r -= weights[j++]!;
      bought.add(j);
    }
    relevant.push(bought);
  }
  const rank = (tau: number) =>
    Array.from({ length: customers }, (_, c) =>
      topTen(
        itemCount,
        (j) =>
          logPopularity[j]! + TASTE * taste[c * itemCount + j]! + tau * noise[c * itemCount + j]!,
      ),
    );
  const ndcg = (lists: number[][]) => {
    let sum = 0;
    lists.forEach((list, c) => {
      const rel = relevant[c]!;
      let dcg = 0;
      list.forEach((j, k) => {
        if (rel.has(j)) dcg += 1 / Math.log2(k + 2);
      });
      let ideal = 0;
      for (let k = 0; k < Math.min(10, rel.size); k++) ideal += 1 / Math.log2(k + 2);
      sum += dcg / ideal;
    });
    return sum / lists.length;
  };
  const lists = rank(tune(0, 6, target, (tau) => ndcg(rank(tau))));
  const ids = Array.from({ length: customers }, (_, c) => `CU${String(c + 1).padStart(5, "0")}`);
  const answersCsv = `customer_id,relevant\n${ids
    .map((id, c) => `${id},${[...relevant[c]!].map((j) => items[j]).join(" ")}`)
    .join("\n")}\n`;
  const honestCsv = `${challenge.header.join(",")}\n${ids
    .map((id, c) => `${id},${lists[c]!.map((j) => items[j]).join(",")}`)
    .join("\n")}\n`;
  const { answers, parseHonest } = parse(challenge, answersCsv, repeat, items);
  const honest = parseHonest(honestCsv);
  const rankings = (table: PredictionTable) => {
    if (table.predictions.kind !== "ranking") throw new Error("not a ranking table");
    return table.predictions.values;
  };
  const outsider = (list: readonly string[], r: Rng) => {
    for (;;) {
      const item = items[r.below(itemCount)]!;
      if (!list.includes(item)) return item;
    }
  };
  // Another ten SKUs, fixed per row: the same replacement whenever that row is probed.
  const replace = (table: PredictionTable, i: number) => {
    const list = rankings(table)[i]!;
    const r = createRng(`ranking-probe-${repeat}-${i}`);
    const fresh: string[] = [];
    while (fresh.length < 10) {
      const item = outsider(list, r);
      if (!fresh.includes(item)) fresh.push(item);
    }
    rankings(table)[i] = fresh;
  };
  return family("ranking", challenge, answers, honest, {
    probe: replace,
    spoil: replace,
    nudge: (table, i, r) => {
      const list = rankings(table)[i]!.slice();
      const k = r.below(10);
      if (r.next() < 0.5) {
        const other = (k + 1 + r.below(9)) % 10;
        [list[k], list[other]] = [list[other]!, list[k]!];
      } else {
        list[k] = outsider(list, r);
      }
      rankings(table)[i] = list;
    },
  });
}

/**
 * Insurance C2-like pricing: 6,000 policies, about 85% without a claim, each claim
 * exp(ln 2,600 + N(0, 0.8²)) (datasets/docs/insurance.md). The honest model knows the rating
 * factors and a noisy view of the hidden risk, tuned to normalized Gini 0.30.
 */
export function giniFamily(challenge: Challenge, repeat: number, target = 0.3): Family {
  const rng = createRng(`gini-${repeat}`);
  const n = 6000;
  const rating = Float64Array.from({ length: n }, () => 0.5 * rng.normal());
  const risk = Float64Array.from({ length: n }, () => -0.28 + 0.75 * rng.normal());
  const view = Float64Array.from({ length: n }, () => rng.normal());
  const truth = Float64Array.from({ length: n }, (_, i) => {
    const claims = rng.poisson(0.13 * Math.exp(rating[i]! + risk[i]!));
    let loss = 0;
    for (let k = 0; k < claims; k++) loss += Math.exp(Math.log(2600) + 0.8 * rng.normal());
    return Math.round(loss * 100) / 100;
  });
  const predict = (s: number) =>
    Float64Array.from({ length: n }, (_, i) =>
      Math.exp(rating[i]! + 0.5 * (risk[i]! + s * view[i]!)),
    );
  const giniOf = (p: Float64Array) => normalizedGini(truth, p);
  const values = predict(tune(0, 20, target, (s) => giniOf(predict(s))));
  const ids = Array.from({ length: n }, (_, i) => `POL-${String(i + 1).padStart(6, "0")}`);
  const header = challenge.header.join(",");
  const answersCsv = `${header}\n${ids.map((id, i) => `${id},${truth[i]!.toFixed(2)}`).join("\n")}\n`;
  const honestCsv = `${header}\n${ids.map((id, i) => `${id},${values[i]!.toPrecision(9)}`).join("\n")}\n`;
  const { answers, parseHonest } = parse(challenge, answersCsv, repeat);
  const honest = parseHonest(honestCsv);
  let top = 0;
  for (const v of numbers(honest)) top = Math.max(top, v);
  return family("gini", challenge, answers, honest, {
    // To the top of the ranking (above every honest prediction).
    probe: (table, i) => {
      numbers(table)[i] = 2 * top + 1;
    },
    // Every row tied at 0 (file order) until it is restored to its honest value.
    spoil: (table, i) => {
      numbers(table)[i] = 0;
    },
    nudge: (table, i, r) => {
      numbers(table)[i]! *= Math.exp(r.normal());
    },
  });
}

/** The indices of the ten largest `value(j)`, j < count, largest first. */
function topTen(count: number, value: (j: number) => number): number[] {
  const best: number[] = [];
  const values: number[] = [];
  for (let j = 0; j < count; j++) {
    const v = value(j);
    if (best.length === 10 && v <= values[9]!) continue;
    let k = Math.min(best.length, 9);
    if (best.length < 10) {
      best.push(j);
      values.push(v);
      k = best.length - 1;
    }
    while (k > 0 && values[k - 1]! < v) {
      best[k] = best[k - 1]!;
      values[k] = values[k - 1]!;
      k--;
    }
    best[k] = j;
    values[k] = v;
  }
  return best;
}
