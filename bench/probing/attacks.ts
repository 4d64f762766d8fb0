/**
 * The attacks of issue 30, as a team plays them: it sees only what its challenge's feedback
 * policy shows (team.ts). A referee that knows the answers scores each inference; an inference
 * counts only when it is definite and correct, and a wrong definite one is counted as wrong.
 */
import type { FeedbackPolicy } from "@tandem/competition";
import { feedbackFor } from "@tandem/competition";
import { type Family, PROBE_JUMP, type RowValue } from "./families";
import type { Rng } from "./random";
import { type Setting, type Shown, Team } from "./team";

export interface Tally {
  /** Rows whose part (public or private) was learned, right / wrong. */
  membership: number;
  membershipWrong: number;
  /** Rows with a fact about their hidden answer learned (label, direction, a hit), right / wrong. */
  labels: number;
  labelsWrong: number;
}

export interface ProbeResult {
  submissions: number;
  day1: Tally;
  window: Tally;
  /** Block flips: blocks whose public counts were pinned down (labels) or shown to hold a public row. */
  blocks?: number;
}

/** What the team knows so far, checked against the answers. */
class Ledger {
  private readonly membership = new Map<number, boolean>();
  private readonly labels = new Map<number, boolean>();

  constructor(private readonly family: Family) {}

  /** A definite claim that every row of `rows` is public (or private). */
  part(rows: readonly number[], isPublic: boolean): void {
    for (const row of rows) this.membership.set(row, isPublic);
  }

  /** A definite claim about the row's answer; `correct` is the referee's verdict. */
  label(row: number, correct: boolean): void {
    this.labels.set(row, correct);
  }

  tally(): Tally {
    let membership = 0;
    let membershipWrong = 0;
    for (const [row, claim] of this.membership) {
      if ((this.family.isPublic[row] === 1) === claim) membership++;
      else membershipWrong++;
    }
    let labels = 0;
    let labelsWrong = 0;
    for (const correct of this.labels.values()) {
      if (correct) labels++;
      else labelsWrong++;
    }
    return { membership, membershipWrong, labels, labelsWrong };
  }
}

/** Runs `step` until the budget is spent, tallying after the first day and at the end. */
function run(
  team: Team,
  ledger: Ledger,
  dailyLimit: number,
  step: () => boolean,
): Omit<ProbeResult, "blocks"> {
  let day1 = ledger.tally();
  let dayTaken = false;
  while (team.left > 0 && step()) {
    if (!dayTaken && team.used >= dailyLimit) {
      day1 = ledger.tally();
      dayTaken = true;
    }
  }
  const window = ledger.tally();
  return { submissions: team.used, day1: dayTaken ? day1 : window, window };
}

/** The answer-side facts a shown change teaches, per family (see docs/benchmarks.md). */
function learnFromChange(
  family: Family,
  ledger: Ledger,
  row: number,
  direction: -1 | 1,
  previous: RowValue,
  current: RowValue,
): void {
  const answers = family.answers;
  switch (family.id) {
    case "labels": {
      // Binary Macro-F1 rises exactly when a public row's prediction becomes right.
      const truth = answers.table.predictions.values[row] as number;
      ledger.label(row, truth === (direction > 0 ? current : previous));
      return;
    }
    case "ranking": {
      // A query's NDCG@10 rises only if the new list holds a relevant SKU, falls only if the old did.
      const list = (direction > 0 ? current : previous) as string[];
      const relevant = answers.relevant![row]!;
      ledger.label(
        row,
        list.some((item) => relevant.has(item)),
      );
      return;
    }
    case "gini": {
      // A row moved up the ranking raises the Gini only if its loss beats the rows it passed: > 0.
      if (direction > 0 && (current as number) > (previous as number)) {
        ledger.label(row, (answers.table.predictions.values[row] as number) > 0);
      }
      return;
    }
    case "regression":
      // See `regressionDirection`: the side of a moved value needs the public aggregates.
      return;
  }
}

/** Whether "no shown change" proves the probed rows private under this policy. */
function silenceMeansPrivate(family: Family, setting: Setting, descent: boolean): boolean {
  const policy = setting.policy;
  if (family.id === "regression") {
    // A jump of PROBE_JUMP moves a public RMSE by far more than 1e-4; the descent's spoil by far
    // more than the ladder's threshold. Under ladder a worse score is never shown, and a descent
    // below a best that starts at the baseline is never shown either.
    return policy.policy !== "ladder" || (descent && setting.start === null);
  }
  // Binary Macro-F1 always moves when one public row flips; NDCG and Gini may not (a query with
  // no hit in either list, a zero loss passing zero losses).
  return family.id === "labels" && policy.policy === "exact";
}

/** Public aggregates an ideal attacker is granted (what openers and a few probes give under exact). */
const publicRowCount = (family: Family) => family.isPublic.reduce((a, b) => a + b, 0);

/**
 * Regression: from the shown RMSE before and after a row moved by +PROBE_JUMP, the side of the
 * truth, y - ref = (D² - n·ΔMSE) / 2D, within what rounding leaves of the two shown values.
 * Under ladder only an improvement shows, and it means y - ref > D/2.
 */
function regressionDirection(
  family: Family,
  policy: FeedbackPolicy,
  ledger: Ledger,
  row: number,
  refShown: number,
  probe: Shown,
  refValue: number,
): void {
  const truth = family.answers.table.predictions.values[row] as number;
  if (policy.policy === "ladder") {
    if (probe.better) ledger.label(row, truth > refValue);
    return;
  }
  const probeShown = probe.shown;
  const half = policy.policy === "exact" ? 1e-9 * probeShown : 0.5 * 10 ** -policy.digits;
  const n = publicRowCount(family);
  const d = PROBE_JUMP;
  const lowDelta = (probeShown - half) ** 2 - (refShown + half) ** 2;
  const highDelta = (probeShown + half) ** 2 - Math.max(0, refShown - half) ** 2;
  const low = (d * d - n * highDelta) / (2 * d);
  const high = (d * d - n * lowDelta) / (2 * d);
  if (low > 0) ledger.label(row, truth > refValue);
  else if (high < 0) ledger.label(row, truth < refValue);
}

/**
 * Attack 1: from the honest submission, one strongly changed row per submission (one row of each
 * split group: the groups are public). `descent` is the ladder-aware variant: the first
 * submission spoils every row, then each submission restores one more, so that each public row
 * restored moves the score by as much as the metric lets one row move it.
 */
export function singleRows(
  family: Family,
  setting: Setting,
  budget: number,
  dailyLimit: number,
  rng: Rng,
  descent = false,
): ProbeResult {
  const policy = setting.policy;
  const team = new Team(family, setting, budget);
  const ledger = new Ledger(family);
  const order = rng.shuffle(family.groups.map((_, g) => g));
  const state = family.clone(family.honest);
  if (descent) for (let i = 0; i < family.rows; i++) family.spoil(state, i);
  let before = team.submit(state).shown;
  let next = 0;
  const labelsAttacker = family.id === "labels" && !descent ? labelDecoder(family, policy) : null;
  return run(team, ledger, dailyLimit, () => {
    const group = order[next++];
    if (group === undefined) return false;
    const rows = family.groups[group]!;
    const row = rows[0]!;
    const previous = family.get(state, row);
    const bestBefore = team.best;
    if (descent) family.set(state, row, family.get(family.honest, row));
    else family.probe(state, row);
    const shown = team.submit(state);
    if (labelsAttacker) {
      labelsAttacker(ledger, [row], bestBefore, shown);
    } else {
      const change = team.signal(before, shown);
      if (change !== 0) {
        ledger.part(rows, true);
        if (family.id !== "regression") {
          learnFromChange(family, ledger, row, change, previous, family.get(state, row));
        } else if (!descent) {
          regressionDirection(family, policy, ledger, row, before, shown, previous as number);
        }
      } else if (silenceMeansPrivate(family, setting, descent)) {
        ledger.part(rows, false);
      }
    }
    if (descent) before = policy.policy === "ladder" ? team.best! : shown.shown;
    else family.set(state, row, previous);
    return true;
  });
}

/**
 * Binary Macro-F1, the ideal attacker: it is granted the reference's public counts (rows per
 * class, predicted per class, hits), enumerates how many of the flipped rows are public and of
 * which class, and keeps what every explanation of the shown score agrees on.
 */
function labelDecoder(family: Family, policy: FeedbackPolicy) {
  const truth = family.answers.table.predictions.values as Uint16Array;
  const ref = family.honest.predictions.values as Uint16Array;
  const actual = [0, 0];
  const predicted = [0, 0];
  const hits = [0, 0];
  for (let i = 0; i < family.rows; i++) {
    if (family.isPublic[i] !== 1) continue;
    actual[truth[i]!]!++;
    predicted[ref[i]!]!++;
    if (truth[i] === ref[i]) hits[ref[i]!]!++;
  }
  const macro = (p: number[], tp: number[]) => {
    let present = 0;
    let sum = 0;
    for (let c = 0; c < 2; c++) {
      const denominator = actual[c]! + p[c]!;
      if (denominator === 0) continue;
      present++;
      sum += (2 * tp[c]!) / denominator;
    }
    return present === 0 ? 0 : sum / present;
  };
  return (ledger: Ledger, rows: readonly number[], bestBefore: number | null, shown: Shown) => {
    const byRef = [rows.filter((r) => ref[r] === 0), rows.filter((r) => ref[r] === 1)];
    const consistent: number[][] = [];
    const n0 = byRef[0]!.length;
    const n1 = byRef[1]!.length;
    for (let c00 = 0; c00 <= n0; c00++)
      for (let c01 = 0; c00 + c01 <= n0; c01++)
        for (let c10 = 0; c10 <= n1; c10++)
          for (let c11 = 0; c10 + c11 <= n1; c11++) {
            const moved = c00 + c01 - c10 - c11;
            const score = macro(
              [predicted[0]! - moved, predicted[1]! + moved],
              [hits[0]! - c00 + c10, hits[1]! + c01 - c11],
            );
            if (explains(policy, family.higherIsBetter, bestBefore, score, shown.shown)) {
              consistent.push([c00, c01, c10, c11]);
            }
          }
    if (consistent.length === 0) throw new Error("no explanation of a shown Macro-F1");
    for (const [k, group] of byRef.entries()) {
      if (group.length === 0) continue;
      const publicCounts = consistent.map((c) => c[2 * k]! + c[2 * k + 1]!);
      const ones = consistent.map((c) => c[2 * k + 1]!);
      if (publicCounts.every((v) => v === 0)) ledger.part(group, false);
      if (publicCounts.every((v) => v === group.length)) {
        ledger.part(group, true);
        for (const value of [0, 1]) {
          if (ones.every((v) => v === value * group.length)) {
            for (const row of group) ledger.label(row, truth[row] === value);
          }
        }
      }
    }
    return consistent.length === 1;
  };
}

/** Whether a public score `score` would have been shown as `shown` (allowing the last bits). */
function explains(
  policy: FeedbackPolicy,
  higher: boolean,
  best: number | null,
  score: number,
  shown: number,
): boolean {
  if (policy.policy === "exact") return Math.abs(score - shown) <= 1e-12;
  return [score - 1e-12, score + 1e-12].some(
    (s) => feedbackFor(policy, higher, best, s).shown === shown,
  );
}

/**
 * Attack 2: a block of 8 rows flipped per submission (for a grouped split, one group). Labels use
 * the ideal decoder; the others learn a row only when the block is one group.
 */
export function blocks(
  family: Family,
  setting: Setting,
  budget: number,
  dailyLimit: number,
  rng: Rng,
  size = 8,
): ProbeResult {
  const policy = setting.policy;
  const team = new Team(family, setting, budget);
  const ledger = new Ledger(family);
  const grouped = family.groups.length < family.rows;
  const units = grouped
    ? family.groups
    : Array.from({ length: Math.floor(family.rows / size) }, (_, b) =>
        Array.from({ length: size }, (_, k) => b * size + k),
      );
  const order = rng.shuffle(units.map((_, u) => u));
  const state = family.clone(family.honest);
  const refShown = team.submit(state).shown;
  const decoder = family.id === "labels" ? labelDecoder(family, policy) : null;
  let next = 0;
  let informative = 0;
  const result = run(team, ledger, dailyLimit, () => {
    const unit = order[next++];
    if (unit === undefined) return false;
    const rows = units[unit]!;
    const saved = rows.map((r) => family.get(state, r));
    const bestBefore = team.best;
    for (const r of rows) family.probe(state, r);
    const shown = team.submit(state);
    if (decoder) {
      if (decoder(ledger, rows, bestBefore, shown)) informative++;
    } else {
      const change = team.signal(refShown, shown);
      if (change !== 0) informative++;
      // Only a whole group is one part: then the block's change speaks for each of its rows.
      if (grouped && change !== 0) ledger.part(rows, true);
      if (grouped && change === 0 && silenceMeansPrivate(family, setting, false)) {
        ledger.part(rows, false);
      }
    }
    for (const [k, r] of rows.entries()) family.set(state, r, saved[k]!);
    return true;
  });
  return { ...result, blocks: informative };
}
