import { gzipSync } from "node:zlib";
import { findDomain } from "@tandem/competition";
import {
  type BaselineSource,
  challengeAnswers,
  challengeBaselines,
  type Database,
  type DatasetSource,
  type DatasetSummary,
  datasets,
} from "@tandem/db";
import type { PartScores } from "@tandem/scoring";
import { eq, inArray, sql } from "drizzle-orm";
import {
  type FileContent,
  folderPath,
  newFolderName,
  pruneFolders,
  publishedFolder,
  publishFolder,
  removeFolder,
  stageFolder,
} from "./folders";

export interface ChallengeAnswersInput {
  csv: string;
  rowCount: number;
  eligibleItems?: string[];
  /**
   * Which answers rows are public, one byte per row in the CSV's order (docs/adr/0009).
   * Absent: stored as null, derived from the seed where the answers are loaded.
   */
  publicRows?: Uint8Array;
}

export interface BaselineInput {
  csv: string;
  /** Its scores against the answers being loaded (the caller validated and scored it). */
  value: PartScores;
  source: BaselineSource;
}

export interface DomainLoad {
  slug: string;
  source: DatasetSource;
  /** The public files by path relative to the domain's folder. */
  files: Iterable<[string, FileContent]>;
  /** Every challenge's answers, by challenge key. */
  answers: Record<string, ChallengeAnswersInput>;
  /** Baselines that come with the data; the domain's earlier baselines are dropped either way. */
  baselines?: Record<string, BaselineInput>;
}

export interface LoadedDomain {
  slug: string;
  version: number;
  folder: string;
  summary: DatasetSummary;
}

// Two loads of any domains never interleave (one key for all: loads are rare).
const LOAD_LOCK = sql`select pg_advisory_xact_lock(hashtext('tandem:datasets:load'))`;

/**
 * Replaces a domain's data in one step: the public files are staged in a folder of their own,
 * the answers, version and baselines are written in one transaction, and the served folder is
 * switched as that transaction's last act (switched back if the commit fails). Submissions
 * scored before keep their scores and their `answers_version`, which is now an earlier one.
 */
export async function loadDomain(
  db: Database,
  staticDir: string,
  load: DomainLoad,
): Promise<LoadedDomain> {
  const domain = findDomain(load.slug);
  if (!domain) throw new Error(`Unknown domain ${load.slug}`);
  const keys = domain.challenges.map((c) => c.key);
  const missing = keys.filter((key) => !load.answers[key]);
  if (missing.length > 0) throw new Error(`No answers for ${missing.join(", ")}`);

  const folder = newFolderName(load.slug);
  let files: { name: string; bytes: number }[];
  try {
    files = await stageFolder(staticDir, folder, load.files);
  } catch (err) {
    await removeFolder(staticDir, folder);
    throw err;
  }
  const summary: DatasetSummary = {
    files: files.sort((a, b) => a.name.localeCompare(b.name)),
    rows: Object.fromEntries(keys.map((key) => [key, load.answers[key]!.rowCount])),
  };

  let previous: string | null = null;
  let switched = false;
  let version = 0;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(LOAD_LOCK);
      const [current] = await tx.select().from(datasets).where(eq(datasets.domain, load.slug));
      // Data from before versioned folders has answers (version 1) but no datasets row.
      const [answered] = await tx
        .select({ version: sql<number>`coalesce(max(${challengeAnswers.version}), 0)` })
        .from(challengeAnswers)
        .where(inArray(challengeAnswers.challengeKey, keys));
      version = Math.max(current?.version ?? 0, Number(answered?.version ?? 0)) + 1;

      for (const key of keys) {
        const { csv, rowCount, eligibleItems, publicRows } = load.answers[key]!;
        const values = {
          answers: gzipSync(csv),
          rowCount,
          eligibleItems: eligibleItems ?? null,
          publicRows: publicRows ? Buffer.from(publicRows) : null,
          version,
          updatedAt: sql`now()`,
        };
        await tx
          .insert(challengeAnswers)
          .values({ challengeKey: key, ...values })
          .onConflictDoUpdate({ target: challengeAnswers.challengeKey, set: values });
      }
      const row = { source: load.source, version, folder, summary, loadedAt: sql`now()` };
      await tx
        .insert(datasets)
        .values({ domain: load.slug, ...row })
        .onConflictDoUpdate({ target: datasets.domain, set: row });

      await tx.delete(challengeBaselines).where(inArray(challengeBaselines.challengeKey, keys));
      for (const [key, baseline] of Object.entries(load.baselines ?? {})) {
        await tx.insert(challengeBaselines).values({
          challengeKey: key,
          source: baseline.source,
          predictions: gzipSync(baseline.csv),
          metricValue: baseline.value.public,
          privateMetricValue: baseline.value.private,
          answersVersion: version,
        });
      }

      previous = await publishedFolder(staticDir, load.slug);
      await publishFolder(staticDir, load.slug, folder);
      switched = true;
    });
  } catch (err) {
    if (switched && previous) await publishFolder(staticDir, load.slug, previous);
    await removeFolder(staticDir, folder);
    throw err;
  }
  // The folder before this one stays a while for downloads that started before the switch.
  await pruneFolders(staticDir, load.slug, [folder, ...(previous ? [previous] : [])]);
  return { slug: load.slug, version, folder, summary };
}

/** The folder on disk that `/static/{slug}/` serves now, or null when there is none. */
export async function servedFolderPath(staticDir: string, slug: string): Promise<string | null> {
  const name = await publishedFolder(staticDir, slug);
  if (name === null) return null;
  return name === "" ? `${staticDir}/${slug}` : folderPath(staticDir, name);
}
