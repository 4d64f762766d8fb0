/**
 * What the probing bench runs for one metric family: every attack under every policy, on
 * `repeats` generated data sets and splits, then the family's sweep of ladder settings.
 */
import {
  buildCompetition,
  type Challenge,
  type FeedbackPolicy,
  feedbackFor,
} from "@tandem/competition";
import { defaultDefinition } from "@tandem/competition/server";
import { blocks, type ProbeResult, singleRows } from "./attacks";
import { type ClimbMode, type ClimbResult, climb } from "./climb";
import {
  type Family,
  type FamilyId,
  giniFamily,
  labelsFamily,
  rankingFamily,
  regressionFamily,
} from "./families";
import { type OpenerResult, opener } from "./opener";
import { createRng } from "./random";
import type { Setting } from "./team";

export const competition = buildCompetition(defaultDefinition());
const { opensAt, closesAt } = competition.window;
/** Daily limits count per UTC day: the window spans every UTC date it touches. */
export const DAYS =
  Math.round(
    (Date.UTC(closesAt.getUTCFullYear(), closesAt.getUTCMonth(), closesAt.getUTCDate()) -
      Date.UTC(opensAt.getUTCFullYear(), opensAt.getUTCMonth(), opensAt.getUTCDate())) /
      86_400_000,
  ) + 1;

export const FAMILIES: FamilyId[] = ["labels", "regression", "ranking", "gini"];
const CHALLENGES: Record<FamilyId, [string, number]> = {
  labels: ["commerce", 3],
  regression: ["commerce", 1],
  ranking: ["commerce", 2],
  gini: ["insurance", 2],
};

export function challengeOf(id: FamilyId): Challenge {
  const [domain, number] = CHALLENGES[id];
  const challenge = competition.findChallenge(domain, number);
  if (!challenge) throw new Error(`${domain}/${number} is not in the default definition`);
  return challenge;
}

/** The regression descent's spoil: every public row restored moves the RMSE far past a ladder step. */
function spoilFor(challenge: Challenge): number {
  const f = challenge.feedback;
  const step = f.policy === "ladder" ? f.threshold + 10 ** -f.digits : 1;
  return 20 * 12_000 * step;
}

function makeFamily(id: FamilyId, repeat: number): Family {
  const challenge = challengeOf(id);
  switch (id) {
    case "labels":
      return labelsFamily(challenge, repeat);
    case "regression":
      return regressionFamily(challenge, repeat, spoilFor(challenge));
    case "ranking":
      return rankingFamily(challenge, repeat);
    case "gini":
      return giniFamily(challenge, repeat);
  }
}

export const describePolicy = (p: FeedbackPolicy) =>
  p.policy === "exact"
    ? "exact"
    : p.policy === "rounded"
      ? `rounded ${p.digits}`
      : `ladder ${p.threshold}/${p.digits}`;

/** The platform's default: the challenge's ladder, each team's starting at the baseline. */
export const DEFAULT = "default (ladder from the baseline)";
/** The same ladder starting nowhere (what the platform did before it started at the baseline). */
export const FROM_NOTHING = "ladder from nothing";
export const FLIPS = "1. single-row flips";
export const DESCENT = "1b. descent from a bad start";
export const BLOCKS = "2. blocks of 8";
export const TARGET = 0.02;

function settingsFor(family: Family): Setting[] {
  return [
    { name: "exact", policy: { policy: "exact" }, start: null },
    { name: "rounded 4", policy: { policy: "rounded", digits: 4 }, start: null },
    { name: FROM_NOTHING, policy: family.challenge.feedback, start: null },
    { ...fromBaseline(family), name: DEFAULT },
  ];
}

/**
 * The default as the gateway runs it (packages/jobs/src/feedback-store.ts): the team's ladder
 * starts at the baseline's public score (the honest model stands in for the baseline), so
 * nothing worse than the baseline is ever shown.
 */
function fromBaseline(family: Family): Setting {
  const ladder = family.challenge.feedback;
  const score = family.score(family.honest).public;
  const baseline = feedbackFor(ladder, family.higherIsBetter, null, score);
  return { name: DEFAULT, policy: ladder, start: baseline.shown };
}

/** The climbers; Macro-F1's team also knows which rows its model is least sure of. */
function modesFor(family: Family): Record<string, ClimbMode> {
  return {
    "3. climb, 16 random rows": { kind: "random", rows: 16 },
    "3b. climb, blocks of 8": { kind: "block", rows: 8 },
    ...(family.doubt && {
      "3c. climb, 30 of the 3,000 least sure": { kind: "doubtful", rows: 30, pool: 3000 },
      "3d. climb, 300 of the 3,000 least sure": { kind: "doubtful", rows: 300, pool: 3000 },
    }),
  };
}

export interface Runs<T> {
  setting: string;
  family: FamilyId;
  attack: string;
  rows: number;
  runs: T[];
}

export interface SweepCell {
  family: FamilyId;
  threshold: number;
  digits: number;
  dailyLimit: number;
  submissions: number;
  /** Per climber: the gap added over the window, mean and largest of the repeats, and steps kept. */
  climbers: Record<string, { mean: number; most: number; kept: number }>;
  /** Rows (part or answer) learned by single-row flips and by the descent, largest of the repeats. */
  flipsLearned?: number;
  descentLearned?: number;
  meetsTarget: boolean;
}

export interface FamilyRuns {
  id: FamilyId;
  honest: { public: number; private: number; whole: number }[];
  probes: Runs<ProbeResult>[];
  climbs: Runs<ClimbResult>[];
  openers: { setting: string; repeat: number; result: OpenerResult }[];
  sweep: SweepCell[];
  /** This family's own run time and CPU time (its process). */
  seconds: number;
  cpuSeconds: number;
}

const learned = (r: ProbeResult) => Math.max(r.window.membership, r.window.labels);

export function runFamily(id: FamilyId, repeats: number): FamilyRuns {
  const started = performance.now();
  const probes = new Map<string, Runs<ProbeResult>>();
  const climbs = new Map<string, Runs<ClimbResult>>();
  const record = <T>(
    into: Map<string, Runs<T>>,
    setting: string,
    f: Family,
    attack: string,
    value: T,
  ) => {
    const key = `${setting}|${attack}`;
    const runs = into.get(key) ?? { setting, family: id, attack, rows: f.rows, runs: [] };
    runs.runs.push(value);
    into.set(key, runs);
  };
  const out: FamilyRuns = {
    id,
    honest: [],
    probes: [],
    climbs: [],
    openers: [],
    sweep: [],
    seconds: 0,
    cpuSeconds: 0,
  };
  const built: Family[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    const family = makeFamily(id, repeat);
    built.push(family);
    const limit = family.challenge.dailyLimit;
    const budget = DAYS * limit;
    out.honest.push({ ...family.score(family.honest), whole: family.honestWhole });
    const rng = (what: string) => createRng(`${what}-${id}-${repeat}`);
    for (const setting of settingsFor(family)) {
      const name = setting.name;
      if (id === "labels") {
        out.openers.push({ setting: name, repeat, result: opener(family, setting, budget) });
      }
      const probe = (attack: string, result: ProbeResult) =>
        record(probes, name, family, attack, result);
      probe(FLIPS, singleRows(family, setting, budget, limit, rng("flip")));
      probe(DESCENT, singleRows(family, setting, budget, limit, rng("flip"), true));
      // A block of NDCG or Gini rows teaches nothing about one row of it: one repeat is enough.
      if (repeat === 0 || id === "labels" || id === "regression") {
        probe(BLOCKS, blocks(family, setting, budget, limit, rng("block")));
      }
      for (const [attack, mode] of Object.entries(modesFor(family))) {
        const result = climb(family, setting, budget, limit, rng(attack), mode);
        record(climbs, name, family, attack, result);
      }
    }
  }
  out.probes = [...probes.values()];
  out.climbs = [...climbs.values()];

  /*
   * The sweep: ladder thresholds (digits follow the threshold) and daily limits, on Macro-F1 and,
   * since its rows weigh so unequally, Gini (at the definition's daily limit, its strongest
   * climber only: Gini's scoring sorts every part, the slowest of the four).
   */
  const sweepCell = (
    threshold: number,
    dailyLimit: number,
    only?: string,
    probing = true,
  ): SweepCell => {
    const digits = Math.max(2, -Math.floor(Math.log10(threshold) + 1e-9));
    const policy: FeedbackPolicy = { policy: "ladder", threshold, digits };
    const setting: Setting = { name: describePolicy(policy), policy, start: null };
    const budget = DAYS * dailyLimit;
    const rng = (what: string, repeat: number) => createRng(`sweep-${what}-${id}-${repeat}`);
    const climbers: SweepCell["climbers"] = {};
    const modes = Object.entries(modesFor(built[0]!)).filter(([a]) => !only || a === only);
    for (const [attack, mode] of modes) {
      const runs = built.map((f, r) => climb(f, setting, budget, dailyLimit, rng(attack, r), mode));
      climbers[attack] = {
        mean: mean(runs.map((r) => r.window.added)),
        most: Math.max(...runs.map((r) => r.window.added)),
        kept: mean(runs.map((r) => r.kept)),
      };
    }
    const flips = probing
      ? built.map((f, r) => singleRows(f, setting, budget, dailyLimit, rng("flip", r)))
      : undefined;
    const descents =
      probing && id === "labels"
        ? built.map((f, r) => singleRows(f, setting, budget, dailyLimit, rng("flip", r), true))
        : undefined;
    return {
      family: id,
      threshold,
      digits,
      dailyLimit,
      submissions: budget,
      climbers,
      ...(flips && { flipsLearned: Math.max(...flips.map(learned)) }),
      ...(descents && { descentLearned: Math.max(...descents.map(learned)) }),
      meetsTarget: Object.values(climbers).every((c) => c.mean <= TARGET),
    };
  };
  if (id === "labels") {
    for (const threshold of [0.005, 0.01, 0.02]) {
      for (const dailyLimit of [5, 20, 50]) out.sweep.push(sweepCell(threshold, dailyLimit));
    }
  }
  if (id === "gini") {
    for (const threshold of [0.01, 0.02, 0.03, 0.05]) {
      const climber = "3. climb, 16 random rows";
      // The flips only at the largest threshold: the table has them at the default.
      out.sweep.push(sweepCell(threshold, challengeOf(id).dailyLimit, climber, threshold === 0.05));
    }
  }
  out.seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage();
  out.cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return out;
}

export const mean = (values: readonly number[]) =>
  values.reduce((a, b) => a + b, 0) / values.length;
