import { join } from "node:path";
import type { Domain } from "@tandem/competition";
import { findDomain } from "@tandem/competition/server";
import type { Database } from "@tandem/db";
import type { PartScores } from "@tandem/scoring";
import { type DomainLoad, type LoadedDomain, loadDomain } from "../store/load";
import { checkImportFolder, type ImportProblem } from "./validate";

export class ImportRefusedError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(`The import was refused (${problems.length} problem(s)); nothing was changed.`);
    this.name = "ImportRefusedError";
  }
}

export interface ImportedDomain extends LoadedDomain {
  /** The baselines that came with the folder, scored against its answers (both parts). */
  baselines: Record<string, PartScores>;
}

export interface ImportOptions {
  /** The deployment's secret seed: splits answers that come without a `split` column. */
  seed?: string;
  /**
   * The definition to check the folder against: by default the active competition's domain
   * `slug`. A competition import passes the new definition's, before it becomes active.
   */
  domain?: Domain;
}

/**
 * Checks an organizers' folder against a domain definition and says what to load, or throws
 * `ImportRefusedError` with every problem found. Changes nothing.
 */
export async function planDomainImport(
  slug: string,
  dir: string,
  { seed, domain = findDomain(slug) }: ImportOptions = {},
): Promise<DomainLoad & { domain: Domain; baselines: NonNullable<DomainLoad["baselines"]> }> {
  if (!domain) throw new Error(`Unknown domain ${slug}`);
  const { problems, plan } = await checkImportFolder(dir, domain, seed);
  if (!plan) throw new ImportRefusedError(problems);
  return {
    slug: domain.slug,
    domain,
    source: "imported",
    files: plan.files.map((path) => [path, { copyFrom: join(dir, path) }]),
    answers: plan.answers,
    baselines: plan.baselines,
  };
}

/**
 * Imports the organizers' folder for one domain: checked whole first, then loaded in one step
 * (store/load.ts). Refused with every problem found, and then nothing has changed.
 */
export async function importDomain(
  db: Database,
  staticDir: string,
  slug: string,
  dir: string,
  options: ImportOptions = {},
): Promise<ImportedDomain> {
  const load = await planDomainImport(slug, dir, options);
  const loaded = await loadDomain(db, staticDir, load);
  return { ...loaded, baselines: scoresOf(load.baselines) };
}

/** The baselines' scores by challenge key. */
export const scoresOf = (baselines: NonNullable<DomainLoad["baselines"]>) =>
  Object.fromEntries(Object.entries(baselines).map(([key, b]) => [key, b.value]));
