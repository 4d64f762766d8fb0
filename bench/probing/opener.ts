/**
 * The classical opener on a binary Macro-F1 challenge: all zeros, all ones, then the honest model.
 * All zeros scores A0 / (A0 + N) on the public part and all ones A1 / (A1 + N) (N public rows, A1
 * of them positive): the attacker keeps every (N, A1) the shown scores allow.
 */
import { feedbackFor } from "@tandem/competition";
import type { Family } from "./families";
import { type Setting, Team } from "./team";

export interface OpenerResult {
  /** (public rows, public positives) pairs consistent with what was shown. */
  candidates: number;
  publicRows: { learned: boolean; low: number; high: number; truth: number };
  positives: { learned: boolean; low: number; high: number; truth: number };
  positiveShare: { low: number; high: number; truth: number };
}

export function opener(family: Family, setting: Setting, budget: number): OpenerResult {
  if (family.id !== "labels") throw new Error("the opener is for label challenges");
  const team = new Team(family, setting, budget);
  const constant = (value: number) => {
    const table = family.clone(family.honest);
    (table.predictions.values as Uint16Array).fill(value);
    return table;
  };
  const zeros = team.submit(constant(0)).shown;
  const bestAfterZeros = team.best;
  const ones = team.submit(constant(1)).shown;
  team.submit(family.honest);

  const higher = family.higherIsBetter;
  const policy = setting.policy;
  const fits = (best: number | null, score: number, shown: number) =>
    policy.policy === "exact"
      ? Math.abs(score - shown) <= 1e-12
      : [score - 1e-12, score + 1e-12].some(
          (s) => feedbackFor(policy, higher, best, s).shown === shown,
        );
  const half = policy.policy === "exact" ? 1e-9 : 0.5 * 10 ** -policy.digits + 1e-9;
  // The public part is about publicFraction of the rows: the attacker looks well beyond that.
  const low = Math.floor(0.2 * family.rows);
  const high = Math.ceil(0.4 * family.rows);
  const found: [number, number][] = [];
  for (let n = low; n <= high; n++) {
    // A0 / (A0 + N) = zeros gives A0 = zeros·N / (1 - zeros); only A1 near that can fit.
    const a0 = (s: number) => (s * n) / (1 - s);
    const from = Math.max(1, Math.floor(n - a0(zeros + half)) - 1);
    const to = Math.min(n - 1, Math.ceil(n - a0(zeros - half)) + 1);
    for (let a1 = from; a1 <= to; a1++) {
      const mZeros = ((2 * (n - a1)) / (n - a1 + n) + 0) / 2;
      const mOnes = (0 + (2 * a1) / (a1 + n)) / 2;
      if (fits(setting.start, mZeros, zeros) && fits(bestAfterZeros, mOnes, ones))
        found.push([n, a1]);
    }
  }
  const truthRows = family.isPublic.reduce((a, b) => a + b, 0);
  const truth = family.answers.table.predictions.values as Uint16Array;
  let truthPositives = 0;
  for (let i = 0; i < family.rows; i++) if (family.isPublic[i] === 1) truthPositives += truth[i]!;
  const range = (values: number[], actual: number) => ({
    learned: values.length > 0 && values.every((v) => v === values[0]) && values[0] === actual,
    ...bounds(values),
    truth: actual,
  });
  const shares = found.map(([n, a1]) => a1 / n);
  return {
    candidates: found.length,
    publicRows: range(
      found.map(([n]) => n),
      truthRows,
    ),
    positives: range(
      found.map(([, a1]) => a1),
      truthPositives,
    ),
    positiveShare: { ...bounds(shares), truth: truthPositives / truthRows },
  };
}

function bounds(values: readonly number[]) {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    low = Math.min(low, v);
    high = Math.max(high, v);
  }
  return { low, high };
}
