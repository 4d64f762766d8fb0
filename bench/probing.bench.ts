/**
 * Issue 30: what a team learns from the public scores it is shown, and how far it can lift its
 * public score above its private one, under each feedback policy (exact, rounded to 4 decimals,
 * and the default definition's ladder). Four generated challenges of the default definition, one
 * per metric family, scored by the real code (split, parse, scorePredictions) and shown through
 * the real policy (feedbackFor); the daily limit and the main phase's window come from the
 * definition. Then a sweep of ladder thresholds and daily limits on the Macro-F1 challenge.
 * Method and figures: docs/benchmarks.md, "Probing the public score (issue 30)".
 * Run: npm run bench:probing   (BENCH_REPEATS data sets and splits per figure, default 3;
 * BENCH_OUT the JSON file, default bench/probing/results.json)
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  buildCompetition,
  type Challenge,
  type FeedbackPolicy,
  feedbackFor,
} from "@tandem/competition";
import { defaultDefinition } from "@tandem/competition/server";
import { blocks, type ProbeResult, singleRows, type Tally } from "./probing/attacks";
import { type ClimbMode, type ClimbResult, climb } from "./probing/climb";
import {
  type Family,
  type FamilyId,
  giniFamily,
  labelsFamily,
  rankingFamily,
  regressionFamily,
} from "./probing/families";
import { type OpenerResult, opener } from "./probing/opener";
import { createRng } from "./probing/random";
import type { Setting } from "./probing/team";

const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const OUT = process.env.BENCH_OUT ?? join(import.meta.dirname, "probing", "results.json");
const started = performance.now();

const competition = buildCompetition(defaultDefinition());
const { opensAt, closesAt } = competition.window;
/** Daily limits count per UTC day: the window spans every UTC date it touches. */
const DAYS =
  Math.round(
    (Date.UTC(closesAt.getUTCFullYear(), closesAt.getUTCMonth(), closesAt.getUTCDate()) -
      Date.UTC(opensAt.getUTCFullYear(), opensAt.getUTCMonth(), opensAt.getUTCDate())) /
      86_400_000,
  ) + 1;

const CHALLENGES: Record<FamilyId, [string, number]> = {
  labels: ["commerce", 3],
  regression: ["commerce", 1],
  ranking: ["commerce", 2],
  gini: ["insurance", 2],
};
const FAMILY_NAMES: Record<FamilyId, string> = {
  labels: "Macro-F1",
  regression: "RMSE",
  ranking: "NDCG@10",
  gini: "Gini",
};
const challengeOf = (id: FamilyId): Challenge => {
  const [domain, number] = CHALLENGES[id];
  const challenge = competition.findChallenge(domain, number);
  if (!challenge) throw new Error(`${domain}/${number} is not in the default definition`);
  return challenge;
};

/** The regression descent's spoil: every public row restored moves the RMSE far past the ladder's step. */
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

const describe = (p: FeedbackPolicy) =>
  p.policy === "exact"
    ? "exact"
    : p.policy === "rounded"
      ? `rounded ${p.digits}`
      : `ladder ${p.threshold}/${p.digits}`;

const DEFAULT = "default (ladder)";
const FROM_BASELINE = "ladder, best from baseline";

function settingsFor(family: Family): Setting[] {
  return [
    { name: "exact", policy: { policy: "exact" }, start: null },
    { name: "rounded 4", policy: { policy: "rounded", digits: 4 }, start: null },
    { name: DEFAULT, policy: family.challenge.feedback, start: null },
  ];
}

/**
 * A variant of the default: the team's best starts at the baseline's shown public score (the
 * honest model stands in for the baseline), so a worse start is never shown.
 */
function fromBaseline(family: Family): Setting {
  const ladder = family.challenge.feedback;
  const score = family.score(family.honest).public;
  const baseline = feedbackFor(ladder, family.higherIsBetter, null, score);
  return { name: FROM_BASELINE, policy: ladder, start: baseline.shown };
}

const FLIPS = "1. single-row flips";
const DESCENT = "1b. descent from a bad start";
const BLOCKS = "2. blocks of 8";
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

interface Runs<T> {
  setting: string;
  family: FamilyId;
  attack: string;
  rows: number;
  runs: T[];
}

const probeRuns = new Map<string, Runs<ProbeResult>>();
const climbRuns = new Map<string, Runs<ClimbResult>>();
const openers: { setting: string; result: OpenerResult; repeat: number }[] = [];
const honestScores: Partial<
  Record<FamilyId, { public: number; private: number; whole: number }[]>
> = {};
function record<T>(
  into: Map<string, Runs<T>>,
  setting: string,
  family: Family,
  attack: string,
  value: T,
) {
  const key = `${setting}|${family.id}|${attack}`;
  const runs = into.get(key) ?? { setting, family: family.id, attack, rows: family.rows, runs: [] };
  runs.runs.push(value);
  into.set(key, runs);
}

const families: FamilyId[] = ["labels", "regression", "ranking", "gini"];
/** Kept for the sweeps. */
const built: Partial<Record<FamilyId, Family[]>> = {};
for (let repeat = 0; repeat < REPEATS; repeat++) {
  for (const id of families) {
    const family = makeFamily(id, repeat);
    if (id === "labels" || id === "gini") built[id] = [...(built[id] ?? []), family];
    const limit = family.challenge.dailyLimit;
    const budget = DAYS * limit;
    honestScores[id] = [
      ...(honestScores[id] ?? []),
      { ...family.score(family.honest), whole: family.honestWhole },
    ];
    const rng = (what: string) => createRng(`${what}-${id}-${repeat}`);
    const settings = settingsFor(family);
    for (const setting of settings) {
      const name = setting.name;
      if (id === "labels") {
        openers.push({ setting: name, result: opener(family, setting, budget), repeat });
      }
      const probe = (attack: string, result: ProbeResult) =>
        record(probeRuns, name, family, attack, result);
      probe(FLIPS, singleRows(family, setting, budget, limit, rng("flip")));
      probe(DESCENT, singleRows(family, setting, budget, limit, rng("flip"), true));
      // A block of NDCG or Gini rows teaches nothing about one row (see the docs): one repeat.
      if (repeat === 0 || id === "labels" || id === "regression") {
        probe(BLOCKS, blocks(family, setting, budget, limit, rng("block")));
      }
      for (const [attack, mode] of Object.entries(modesFor(family))) {
        const result = climb(family, setting, budget, limit, rng(attack), mode);
        record(climbRuns, name, family, attack, result);
      }
    }
    const variant = fromBaseline(family);
    const flips = singleRows(family, variant, budget, limit, rng("flip"));
    record(probeRuns, FROM_BASELINE, family, FLIPS, flips);
    const descent = singleRows(family, variant, budget, limit, rng("flip"), true);
    record(probeRuns, FROM_BASELINE, family, DESCENT, descent);
  }
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const max = (values: readonly number[]) => Math.max(...values);
const whole = (n: number) => Math.round(n).toLocaleString("en");

function meanTally(tallies: readonly Tally[]): Tally {
  return {
    membership: mean(tallies.map((t) => t.membership)),
    membershipWrong: mean(tallies.map((t) => t.membershipWrong)),
    labels: mean(tallies.map((t) => t.labels)),
    labelsWrong: mean(tallies.map((t) => t.labelsWrong)),
  };
}

/** A gap in the metric's units; RMSE's also as a share of the honest score. */
function gapText(id: FamilyId, gap: number): string {
  const sign = gap >= 0 ? "+" : "";
  if (id !== "regression") return `${sign}${gap.toFixed(4)}`;
  const honest = mean(honestScores.regression!.map((s) => s.whole));
  return `${sign}${gap.toFixed(3)} (${sign}${((100 * gap) / honest).toFixed(1)}%)`;
}

const probes = [...probeRuns.values()].map(({ runs, ...row }) => ({
  ...row,
  submissions: mean(runs.map((p) => p.submissions)),
  day1: meanTally(runs.map((p) => p.day1)),
  window: meanTally(runs.map((p) => p.window)),
  /** The most rows one repeat learned (the ladder's target is none). */
  mostLearned: max(runs.map((p) => Math.max(p.window.membership, p.window.labels))),
  wrong: max(runs.map((p) => p.window.membershipWrong + p.window.labelsWrong)),
  blocks: runs[0]!.blocks === undefined ? undefined : mean(runs.map((p) => p.blocks!)),
}));
const climbs = [...climbRuns.values()].map(({ runs, ...row }) => ({
  ...row,
  honestGap: mean(runs.map((c) => c.honest.gap)),
  day1Added: mean(runs.map((c) => c.day1.added)),
  windowAdded: mean(runs.map((c) => c.window.added)),
  windowAddedMax: max(runs.map((c) => c.window.added)),
  windowGap: mean(runs.map((c) => c.window.gap)),
  kept: mean(runs.map((c) => c.kept)),
}));

console.log(
  `window ${opensAt.toISOString()} to ${closesAt.toISOString()}: ${DAYS} UTC days; ` +
    `${REPEATS} data sets and splits per figure (means; "most" = the largest of them)`,
);
for (const id of families) {
  const c = challengeOf(id);
  const h = honestScores[id]!;
  console.log(
    `${FAMILY_NAMES[id].padEnd(9)} ${c.key.padEnd(12)} ${c.dailyLimit}/day x ${DAYS} days = ${c.dailyLimit * DAYS} submissions; ` +
      `default ${describe(c.feedback)}; honest model public ${mean(h.map((s) => s.public)).toFixed(4)}, ` +
      `private ${mean(h.map((s) => s.private)).toFixed(4)}, whole set ${mean(h.map((s) => s.whole)).toFixed(4)}`,
  );
}

console.log(
  "\n| policy | metric | attack | learned per submission (part / answer) | learned over the window (part / answer; most) | gap added, day 1 | gap added, window (most) |",
);
console.log("|---|---|---|---|---|---|---|");
const order = ["exact", "rounded 4", DEFAULT, FROM_BASELINE];
const byPlace = (a: { setting: string; family: FamilyId; attack: string }, b: typeof a) =>
  order.indexOf(a.setting) - order.indexOf(b.setting) ||
  families.indexOf(a.family) - families.indexOf(b.family) ||
  a.attack.localeCompare(b.attack);
const lines = [
  ...probes.map((row) => {
    const w = row.window;
    const per = `${(w.membership / row.submissions).toFixed(2)} / ${(w.labels / row.submissions).toFixed(2)}`;
    const wrong = row.wrong ? ` (wrong: ${row.wrong})` : "";
    const told = row.blocks === undefined ? "" : `; ${whole(row.blocks)} blocks told apart`;
    const total = `${whole(w.membership)} / ${whole(w.labels)} of ${whole(row.rows)}; most ${row.mostLearned}${told}${wrong}`;
    return { ...row, cells: [per, total, "", ""] };
  }),
  ...climbs.map((row) => {
    const window = `${gapText(row.family, row.windowAdded)} (${gapText(row.family, row.windowAddedMax)}), ${whole(row.kept)} kept`;
    return { ...row, cells: ["", "", gapText(row.family, row.day1Added), window] };
  }),
].sort(byPlace);
for (const line of lines) {
  console.log(
    `| ${line.setting} | ${FAMILY_NAMES[line.family]} | ${line.attack} | ${line.cells.join(" | ")} |`,
  );
}
const honestGaps = families.map((id) => {
  const gaps = climbs.filter((r) => r.family === id).map((r) => r.honestGap);
  return `${FAMILY_NAMES[id]} ${gapText(id, mean(gaps))}`;
});
console.log(`\nhonest models' own gap (the split's noise, mean): ${honestGaps.join(", ")}`);

console.log("\nopener on Macro-F1 (all zeros, all ones, the honest model):");
for (const name of ["exact", "rounded 4", DEFAULT]) {
  const runs = openers.filter((o) => o.setting === name).map((o) => o.result);
  const rows = runs.filter((r) => r.publicRows.learned).length;
  const positives = runs.filter((r) => r.positives.learned).length;
  const share = runs.map((r) => r.positiveShare.high - r.positiveShare.low);
  console.log(
    `  ${name.padEnd(18)} public row count learned in ${rows}/${runs.length}, positives in ${positives}/${runs.length}; ` +
      `candidates (rows, positives) ${runs.map((r) => r.candidates).join(", ")}; positive share known to within ${mean(share).toFixed(5)}`,
  );
}

/**
 * The sweep: the hill climbers' gap over the whole window on Macro-F1 (and on Gini, whose rows
 * weigh unequally), for other ladder thresholds and daily limits. Digits follow the threshold.
 */
const TARGET = 0.02;
interface SweepCell {
  family: FamilyId;
  threshold: number;
  digits: number;
  dailyLimit: number;
  submissions: number;
  /** Per climber: mean and largest gap added over the window. */
  climbers: Record<string, { mean: number; most: number; kept: number }>;
  meetsTarget: boolean;
}
const sweep: SweepCell[] = [];
function sweepCell(id: FamilyId, threshold: number, dailyLimit: number, only?: string): SweepCell {
  const digits = Math.max(2, -Math.floor(Math.log10(threshold) + 1e-9));
  const policy: FeedbackPolicy = { policy: "ladder", threshold, digits };
  const setting: Setting = { name: describe(policy), policy, start: null };
  const budget = DAYS * dailyLimit;
  const climbers: SweepCell["climbers"] = {};
  const modes = Object.entries(modesFor(built[id]![0]!)).filter(([a]) => !only || a === only);
  for (const [attack, mode] of modes) {
    const runs = built[id]!.map((family, repeat) =>
      climb(
        family,
        setting,
        budget,
        dailyLimit,
        createRng(`sweep-${attack}-${id}-${repeat}`),
        mode,
      ),
    );
    climbers[attack] = {
      mean: mean(runs.map((r) => r.window.added)),
      most: max(runs.map((r) => r.window.added)),
      kept: mean(runs.map((r) => r.kept)),
    };
  }
  const meetsTarget = Object.values(climbers).every((c) => c.mean <= TARGET);
  return { family: id, threshold, digits, dailyLimit, submissions: budget, climbers, meetsTarget };
}
for (const threshold of [0.005, 0.01, 0.02]) {
  for (const dailyLimit of [5, 20, 50]) sweep.push(sweepCell("labels", threshold, dailyLimit));
}
const giniLimit = challengeOf("gini").dailyLimit;
// Gini's scoring sorts every part: its strongest climber under the ladder only, to keep time.
for (const threshold of [0.01, 0.02, 0.03, 0.05]) {
  sweep.push(sweepCell("gini", threshold, giniLimit, "3. climb, 16 random rows"));
}

console.log(
  `\nsweep: hill-climbing gap added over the window (${DAYS} days), mean (most) of ${REPEATS}; target ${TARGET}`,
);
console.log(
  "| metric | ladder threshold/digits | daily limit | submissions | strongest climber: gap added (most) | each climber: gap added, kept steps | meets the target |",
);
console.log("|---|---|---|---|---|---|---|");
for (const cell of sweep) {
  const entries = Object.entries(cell.climbers);
  const [, strongest] = entries.reduce((a, b) => (b[1].mean > a[1].mean ? b : a));
  const each = entries
    .map(
      ([name, c]) => `${name.split(".")[0]}: ${gapText(cell.family, c.mean)}, ${c.kept.toFixed(1)}`,
    )
    .join("; ");
  console.log(
    `| ${FAMILY_NAMES[cell.family]} | ${cell.threshold}/${cell.digits} | ${cell.dailyLimit} | ${cell.submissions} | ${gapText(cell.family, strongest.mean)} (${gapText(cell.family, strongest.most)}) | ${each} | ${cell.meetsTarget ? "yes" : "no"} |`,
  );
}

const seconds = (performance.now() - started) / 1000;
writeFileSync(
  OUT,
  `${JSON.stringify(
    {
      issue: 30,
      window: { opensAt, closesAt, days: DAYS },
      repeats: REPEATS,
      challenges: Object.fromEntries(
        families.map((id) => {
          const c = challengeOf(id);
          return [
            id,
            {
              key: c.key,
              metric: c.metric,
              dailyLimit: c.dailyLimit,
              feedback: c.feedback,
              honest: honestScores[id],
            },
          ];
        }),
      ),
      probes: probes.sort(byPlace),
      climbs: climbs.sort(byPlace),
      openers,
      sweep,
      seconds,
    },
    null,
    2,
  )}\n`,
);
console.log(`\n${seconds.toFixed(1)} s; JSON in ${OUT}`);
