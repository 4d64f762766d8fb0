import { rm } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Domain } from "@tandem/competition";
import { findDomain } from "@tandem/competition/server";
import {
  type BaselineSource,
  challengeAnswers,
  challengeBaselines,
  type Database,
  type DatasetSource,
  type DatasetSummary,
  datasets,
  type Transaction,
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
import { type TestSetRow, testSetRowOf, writeTestSet } from "./test-sets";

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
  /**
   * The domain as the definition the data is loaded for describes it: by default the active
   * one's; a competition import passes the new definition's, which is not active yet.
   */
  domain?: Domain;
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
  const [loaded] = await loadDomains(db, staticDir, [load]);
  return loaded!;
}

interface Staged {
  load: DomainLoad;
  keys: string[];
  /** Each challenge's public test set, worked out before the transaction (it parses the answers). */
  testSets: Map<string, TestSetRow>;
  folder: string;
  summary: DatasetSummary;
}

/**
 * Replaces several domains' data in one step, as `loadDomain` does one: every folder is staged
 * first, then one transaction writes every domain's rows, runs `beforeSwitch` (the caller's own
 * rows: a competition import writes the definition version there, so it commits with the data
 * it describes or not at all) and, as its last act, switches each domain's served folder. If a
 * switch or the commit fails, the folders already switched are switched back and nothing of the
 * load remains.
 */
export async function loadDomains(
  db: Database,
  staticDir: string,
  loads: readonly DomainLoad[],
  { beforeSwitch }: { beforeSwitch?: (tx: Transaction) => Promise<void> } = {},
): Promise<LoadedDomain[]> {
  const staged: Staged[] = [];
  try {
    for (const load of loads) staged.push(await stage(staticDir, load));
  } catch (err) {
    for (const { folder } of staged) await removeFolder(staticDir, folder);
    throw err;
  }

  const versions = new Map<string, number>();
  /** Each switched domain and the folder it served before (null: none). */
  const switched: { slug: string; previous: string | null }[] = [];
  try {
    await db.transaction(async (tx) => {
      await tx.execute(LOAD_LOCK);
      for (const item of staged) versions.set(item.load.slug, await writeRows(tx, item));
      if (beforeSwitch) await beforeSwitch(tx);
      for (const { load, folder } of staged) {
        const previous = await publishedFolder(staticDir, load.slug);
        await publishFolder(staticDir, load.slug, folder);
        switched.push({ slug: load.slug, previous });
      }
    });
  } catch (err) {
    for (const { slug, previous } of switched.reverse()) {
      if (previous) await publishFolder(staticDir, slug, previous);
      // It served nothing before: no link rather than one to the folder removed below.
      else if (previous === null) await rm(join(staticDir, slug), { force: true });
    }
    for (const { folder } of staged) await removeFolder(staticDir, folder);
    throw err;
  }
  const results: LoadedDomain[] = [];
  for (const { load, folder, summary } of staged) {
    const previous = switched.find((s) => s.slug === load.slug)?.previous ?? null;
    // The folder before this one stays a while for downloads that started before the switch.
    await pruneFolders(staticDir, load.slug, [folder, ...(previous ? [previous] : [])]);
    results.push({ slug: load.slug, version: versions.get(load.slug)!, folder, summary });
  }
  return results;
}

async function stage(staticDir: string, load: DomainLoad): Promise<Staged> {
  const domain = load.domain ?? findDomain(load.slug);
  if (!domain) throw new Error(`Unknown domain ${load.slug}`);
  const keys = domain.challenges.map((c) => c.key);
  const missing = keys.filter((key) => !load.answers[key]);
  if (missing.length > 0) throw new Error(`No answers for ${missing.join(", ")}`);
  const testSets = new Map(
    domain.challenges.map((challenge) => {
      const { csv, eligibleItems } = load.answers[challenge.key]!;
      return [challenge.key, testSetRowOf(challenge, csv, eligibleItems)] as const;
    }),
  );

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
  return { load, keys, testSets, folder, summary };
}

/** Writes one domain's answers (a new version), dataset row and baselines; returns the version. */
async function writeRows(tx: Transaction, { load, keys, testSets, folder, summary }: Staged) {
  const [current] = await tx.select().from(datasets).where(eq(datasets.domain, load.slug));
  // Data from before versioned folders has answers (version 1) but no datasets row.
  const [answered] = await tx
    .select({ version: sql<number>`coalesce(max(${challengeAnswers.version}), 0)` })
    .from(challengeAnswers)
    .where(inArray(challengeAnswers.challengeKey, keys));
  const version = Math.max(current?.version ?? 0, Number(answered?.version ?? 0)) + 1;

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
    // The public ids of these answers, committed with them (ADR 0021).
    await writeTestSet(tx, key, version, testSets.get(key)!);
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
  return version;
}

/** The folder on disk that `/static/{slug}/` serves now, or null when there is none. */
export async function servedFolderPath(staticDir: string, slug: string): Promise<string | null> {
  const name = await publishedFolder(staticDir, slug);
  if (name === null) return null;
  return name === "" ? `${staticDir}/${slug}` : folderPath(staticDir, name);
}
