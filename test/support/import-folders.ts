import { createHash } from "node:crypto";
import { cp, mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Challenge, METRICS } from "@tandem/competition";
import { allChallenges, findDomain } from "@tandem/competition/server";
import type { DomainFiles } from "@tandem/datasets";
import {
  challengeAnswers,
  challengeBaselines,
  type Database,
  datasets,
  submissions,
} from "@tandem/db";
import { parseCsvRows } from "@tandem/scoring";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

/** Writes a generated domain in the layout `data:import` reads (public files + answers/). */
export async function writeImportFolder(domain: DomainFiles, dir: string): Promise<string> {
  await mkdir(join(dir, "answers"), { recursive: true });
  for (const [name, content] of Object.entries(domain.files)) {
    await writeFile(join(dir, name), content);
  }
  for (const challenge of findDomain(domain.slug)!.challenges) {
    const csv = domain.answers[challenge.key]!.csv;
    await writeFile(join(dir, `answers/challenge${challenge.number}.csv`), csv);
  }
  return dir;
}

export async function copyFolder(from: string, to: string): Promise<string> {
  await cp(from, to, { recursive: true });
  return to;
}

/** The best possible submission from an answers file: the answers, or each ranking's relevant items first. */
export function perfectSubmission(
  challenge: Challenge,
  answersCsv: string,
  eligible: string[] = [],
) {
  if (challenge.target.kind !== "ranking") return answersCsv;
  const k = challenge.target.k;
  const lines = parseCsvRows(answersCsv)
    .slice(1)
    .map(([customer, relevant = ""]) => {
      const ranked = relevant.split(" ").filter(Boolean).slice(0, k);
      for (const item of eligible) {
        if (ranked.length >= k) break;
        if (!ranked.includes(item)) ranked.push(item);
      }
      return [customer, ...ranked].join(",");
    });
  return `${[challenge.header.join(","), ...lines].join("\n")}\n`;
}

/** The metric's best value: 1 for Macro-F1, Gini and NDCG, 0 for the errors. */
export const perfectValue = (challenge: Challenge) =>
  METRICS[challenge.metric].higherIsBetter ? 1 : 0;

export function submitCsv(app: FastifyInstance, apiKey: string, challenge: Challenge, csv: string) {
  return app.inject({
    method: "POST",
    url: "/api/submit",
    headers: { "x-api-key": apiKey },
    payload: {
      domain_name: findDomain(challenge.domain)!.name,
      task_number: challenge.number,
      predictions_csv: csv,
    },
  });
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Everything a data load may change for a domain: the served folder and each file's bytes, the
 * answers, the dataset row, the baselines and the submissions' scores.
 */
export async function deploymentState(db: Database, staticDir: string, slug: string) {
  const keys = allChallenges()
    .filter((c) => c.domain === slug)
    .map((c) => c.key);
  const folder = await realpath(join(staticDir, slug));
  const names = findDomain(slug)!.dataFiles.map((f) => f.name);
  const files = Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, sha(await readFile(join(folder, name)))])),
  );
  const answers = (
    await db.select().from(challengeAnswers).where(inArray(challengeAnswers.challengeKey, keys))
  ).map((row) => ({ key: row.challengeKey, version: row.version, sha: sha(row.answers) }));
  const [dataset] = await db.select().from(datasets).where(eq(datasets.domain, slug));
  const baselines = await db
    .select({ key: challengeBaselines.challengeKey, value: challengeBaselines.metricValue })
    .from(challengeBaselines)
    .where(inArray(challengeBaselines.challengeKey, keys));
  const scores = await db
    .select({ id: submissions.id, value: submissions.metricValue })
    .from(submissions)
    .where(inArray(submissions.challengeKey, keys));
  return { folder, files, answers, dataset, baselines, scores };
}
