/** The probing bench's tables (printed as markdown) and its JSON summary. */
import type { Tally } from "./attacks";
import type { FamilyId } from "./families";
import {
  challengeOf,
  competition,
  DAYS,
  DEFAULT,
  describePolicy,
  FAMILIES,
  type FamilyRuns,
  FROM_NOTHING,
  mean,
  TARGET,
} from "./run";

const NAMES: Record<FamilyId, string> = {
  labels: "Macro-F1",
  regression: "RMSE",
  ranking: "NDCG@10",
  gini: "Gini",
};
const ORDER = ["exact", "rounded 4", FROM_NOTHING, DEFAULT];
const max = (values: readonly number[]) => Math.max(...values);
/** A count, or a mean of counts: small ones keep a decimal (0.7 is not 1). */
const whole = (n: number) =>
  n < 10 && !Number.isInteger(n) ? n.toFixed(1) : Math.round(n).toLocaleString("en");

function meanTally(tallies: readonly Tally[]): Tally {
  return {
    membership: mean(tallies.map((t) => t.membership)),
    membershipWrong: mean(tallies.map((t) => t.membershipWrong)),
    labels: mean(tallies.map((t) => t.labels)),
    labelsWrong: mean(tallies.map((t) => t.labelsWrong)),
  };
}

export function report(all: readonly FamilyRuns[], repeats: number) {
  const byId = new Map(all.map((f) => [f.id, f]));
  const honestWhole = mean(byId.get("regression")?.honest.map((h) => h.whole) ?? [1]);
  /** A gap in the metric's units; RMSE's also as a share of the honest model's score. */
  const gap = (id: FamilyId, value: number) => {
    const sign = value >= 0 ? "+" : "";
    if (id !== "regression") return `${sign}${value.toFixed(4)}`;
    return `${sign}${value.toFixed(3)} (${sign}${((100 * value) / honestWhole).toFixed(1)}%)`;
  };

  const probes = all.flatMap((f) =>
    f.probes.map(({ runs, ...row }) => ({
      ...row,
      submissions: mean(runs.map((p) => p.submissions)),
      day1: meanTally(runs.map((p) => p.day1)),
      window: meanTally(runs.map((p) => p.window)),
      /** The most rows one repeat learned (the ladder's target is none). */
      mostLearned: max(runs.map((p) => Math.max(p.window.membership, p.window.labels))),
      wrong: max(runs.map((p) => p.window.membershipWrong + p.window.labelsWrong)),
      blocks: runs[0]!.blocks === undefined ? undefined : mean(runs.map((p) => p.blocks!)),
      repeats: runs.length,
    })),
  );
  const climbs = all.flatMap((f) =>
    f.climbs.map(({ runs, ...row }) => ({
      ...row,
      honestGap: mean(runs.map((c) => c.honest.gap)),
      day1Added: mean(runs.map((c) => c.day1.added)),
      windowAdded: mean(runs.map((c) => c.window.added)),
      windowAddedMost: max(runs.map((c) => c.window.added)),
      windowGap: mean(runs.map((c) => c.window.gap)),
      kept: mean(runs.map((c) => c.kept)),
    })),
  );
  const byPlace = (a: { setting: string; family: FamilyId; attack: string }, b: typeof a) =>
    ORDER.indexOf(a.setting) - ORDER.indexOf(b.setting) ||
    FAMILIES.indexOf(a.family) - FAMILIES.indexOf(b.family) ||
    a.attack.localeCompare(b.attack);
  probes.sort(byPlace);
  climbs.sort(byPlace);

  const { opensAt, closesAt } = competition.window;
  console.log(
    `window ${opensAt.toISOString()} to ${closesAt.toISOString()}: ${DAYS} UTC days; ` +
      `${repeats} data sets and splits per figure (means; "most" = the largest of them)`,
  );
  for (const f of all) {
    const c = challengeOf(f.id);
    const h = f.honest;
    console.log(
      `${NAMES[f.id].padEnd(9)} ${c.key.padEnd(12)} ${c.dailyLimit}/day x ${DAYS} days = ` +
        `${c.dailyLimit * DAYS} submissions; default ${describePolicy(c.feedback)}; honest model ` +
        `public ${mean(h.map((s) => s.public)).toFixed(4)}, private ${mean(h.map((s) => s.private)).toFixed(4)}, ` +
        `whole set ${mean(h.map((s) => s.whole)).toFixed(4)}`,
    );
  }

  console.log(
    "\n| policy | metric | attack | learned per submission (part / answer) | learned over the window (part / answer of the rows; most) | gap added, day 1 | gap added, window (most) |",
  );
  console.log("|---|---|---|---|---|---|---|");
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
      const window = `${gap(row.family, row.windowAdded)} (${gap(row.family, row.windowAddedMost)}), ${whole(row.kept)} kept`;
      return { ...row, cells: ["", "", gap(row.family, row.day1Added), window] };
    }),
  ].sort(byPlace);
  for (const line of lines) {
    console.log(
      `| ${line.setting} | ${NAMES[line.family]} | ${line.attack} | ${line.cells.join(" | ")} |`,
    );
  }
  const honestGaps = all.map((f) => {
    const gaps = climbs.filter((r) => r.family === f.id).map((r) => r.honestGap);
    return `${NAMES[f.id]} ${gap(f.id, mean(gaps))}`;
  });
  console.log(`\nhonest models' own gap (the split's noise, mean): ${honestGaps.join(", ")}`);

  const openers = byId.get("labels")?.openers ?? [];
  if (openers.length > 0) {
    console.log("\nopener on Macro-F1 (all zeros, all ones, the honest model):");
    for (const name of ["exact", "rounded 4", DEFAULT]) {
      const runs = openers.filter((o) => o.setting === name).map((o) => o.result);
      const rows = runs.filter((r) => r.publicRows.learned).length;
      const positives = runs.filter((r) => r.positives.learned).length;
      const share = mean(runs.map((r) => r.positiveShare.high - r.positiveShare.low));
      console.log(
        `  ${name.padEnd(18)} public row count learned in ${rows}/${runs.length}, positives in ` +
          `${positives}/${runs.length}; (rows, positives) pairs left ${runs.map((r) => r.candidates).join(", ")}; ` +
          `public positive share known to within ${share.toFixed(5)}`,
      );
    }
  }

  const sweep = all.flatMap((f) => f.sweep);
  console.log(
    `\nsweep: hill-climbing gap added over the window (${DAYS} days), mean (most) of ${repeats}; target ${TARGET}`,
  );
  console.log(
    "| metric | ladder threshold/digits | daily limit | submissions | strongest climber: gap added (most) | each climber: gap added, steps kept | rows learned by flips / descent (most) | meets the gap target |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const cell of sweep) {
    const entries = Object.entries(cell.climbers);
    const [, strongest] = entries.reduce((a, b) => (b[1].mean > a[1].mean ? b : a));
    const each = entries
      .map(
        ([name, c]) => `${name.split(".")[0]}: ${gap(cell.family, c.mean)}, ${c.kept.toFixed(1)}`,
      )
      .join("; ");
    const flips = cell.flipsLearned === undefined ? "–" : String(cell.flipsLearned);
    const rows = `${flips}${cell.descentLearned === undefined ? "" : ` / ${cell.descentLearned}`}`;
    console.log(
      `| ${NAMES[cell.family]} | ${cell.threshold}/${cell.digits} | ${cell.dailyLimit} | ${cell.submissions} | ` +
        `${gap(cell.family, strongest.mean)} (${gap(cell.family, strongest.most)}) | ${each} | ${rows} | ${cell.meetsTarget ? "yes" : "no"} |`,
    );
  }

  return {
    issue: 30,
    window: { opensAt, closesAt, days: DAYS },
    repeats,
    challenges: Object.fromEntries(
      all.map((f) => {
        const c = challengeOf(f.id);
        const challenge = {
          key: c.key,
          metric: c.metric,
          dailyLimit: c.dailyLimit,
          feedback: c.feedback,
        };
        return [f.id, { ...challenge, honest: f.honest }];
      }),
    ),
    probes,
    climbs,
    openers,
    sweep,
  };
}
