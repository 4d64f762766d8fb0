/**
 * Attack 3: hill climbing on the shown public score, from the honest model's predictions. Each
 * submission changes a few rows and keeps the change when the shown score beats every score shown
 * before (under ladder a score that does not beat the best by the threshold shows the old best).
 */
import type { Family } from "./families";
import type { Rng } from "./random";
import { type Setting, Team } from "./team";

export interface Gap {
  /** Public minus private, oriented so that positive = the public score overstates the private one. */
  gap: number;
  /** The same less the honest submission's own gap (the split's noise): what climbing added. */
  added: number;
  public: number;
  private: number;
}

export interface ClimbResult {
  honest: Gap;
  day1: Gap;
  window: Gap;
  kept: number;
}

export type ClimbMode =
  | { kind: "random"; rows: number }
  | { kind: "block"; rows: number }
  /** `rows` drawn among the `pool` rows the honest model is least sure of (its own knowledge). */
  | { kind: "doubtful"; rows: number; pool: number };

export const orientedGap = (family: Family, scores: { public: number; private: number }) =>
  family.higherIsBetter ? scores.public - scores.private : scores.private - scores.public;

export function climb(
  family: Family,
  setting: Setting,
  budget: number,
  dailyLimit: number,
  rng: Rng,
  mode: ClimbMode,
): ClimbResult {
  const team = new Team(family, setting, budget);
  const state = family.clone(family.honest);
  const honestScores = family.score(state);
  const honestGap = orientedGap(family, honestScores);
  const measure = (): Gap => {
    const scores = family.score(state);
    const gap = orientedGap(family, scores);
    return { gap, added: gap - honestGap, ...scores };
  };
  team.submit(state);
  const blocks = Math.floor(family.rows / mode.rows);
  let kept = 0;
  let day1: Gap | undefined;
  while (team.left > 0) {
    const start = mode.kind === "block" ? rng.below(blocks) * mode.rows : 0;
    const rows =
      mode.kind === "random"
        ? rng.sample(family.rows, mode.rows)
        : mode.kind === "doubtful"
          ? rng.sample(mode.pool, mode.rows).map((k) => family.doubt![k]!)
          : Array.from({ length: mode.rows }, (_, k) => start + k);
    const saved = rows.map((r) => family.get(state, r));
    for (const r of rows) family.nudge(state, r, rng);
    if (team.submit(state).better) kept++;
    else for (const [k, r] of rows.entries()) family.set(state, r, saved[k]!);
    if (team.used === dailyLimit) day1 = measure();
  }
  const window = measure();
  return {
    honest: { gap: honestGap, added: 0, ...honestScores },
    day1: day1 ?? window,
    window,
    kept,
  };
}
