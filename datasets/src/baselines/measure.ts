import { gzipSync } from "node:zlib";
import { findDomain } from "@tandem/competition/server";
import { challengeBaselines, createAnswersStore, type Database } from "@tandem/db";
import { type PartScores, parseAnswers, scoreSubmissionCsv } from "@tandem/scoring";
import { servedFolderPath } from "../store/load";
import { runBaselineNotebooks } from "./notebooks";

export type BaselineOutcome =
  | { key: string; ok: true; value: PartScores }
  | { key: string; ok: false; error: string };

/**
 * Runs a domain's baseline notebooks on the files it serves now, scores each submission against
 * the current answers, and stores the results on both parts (public and private rows): the
 * baseline rows of the leaderboards and the "baseline" of the domain page. A challenge whose notebook fails keeps no baseline.
 */
export async function measureBaselines(
  db: Database,
  staticDir: string,
  slug: string,
  python: string,
): Promise<BaselineOutcome[]> {
  const domain = findDomain(slug);
  if (!domain) throw new Error(`Unknown domain ${slug}`);
  const folder = await servedFolderPath(staticDir, slug);
  if (!folder) throw new Error(`${domain.name} has no data yet`);
  // Answers read before the notebooks run: if the data is replaced meanwhile, these baselines
  // carry the earlier version and the leaderboards ignore them.
  const store = createAnswersStore({ db });
  const answersByKey = new Map(
    await Promise.all(
      domain.challenges.map(async (c) => [c.key, await store.load(c.key)] as const),
    ),
  );
  const runs = await runBaselineNotebooks(
    folder,
    domain.challenges.map((c) => c.number),
    python,
  );
  const outcomes: BaselineOutcome[] = [];
  for (const challenge of domain.challenges) {
    const run = runs.get(challenge.number)!;
    const stored = answersByKey.get(challenge.key);
    if (!run.ok || !stored) {
      outcomes.push({ key: challenge.key, ok: false, error: run.ok ? "no answers" : run.error });
      continue;
    }
    const answers = parseAnswers(stored.csv, challenge, stored);
    const scored = scoreSubmissionCsv(challenge, answers, run.csv);
    if (!scored.ok) {
      outcomes.push({ key: challenge.key, ok: false, error: scored.errors.join("; ") });
      continue;
    }
    const values = {
      source: "notebook" as const,
      predictions: gzipSync(run.csv),
      metricValue: scored.value.public,
      privateMetricValue: scored.value.private,
      answersVersion: stored.stamp,
    };
    await db
      .insert(challengeBaselines)
      .values({ challengeKey: challenge.key, ...values })
      .onConflictDoUpdate({ target: challengeBaselines.challengeKey, set: values });
    outcomes.push({ key: challenge.key, ok: true, value: scored.value });
  }
  return outcomes;
}
