import { join } from "node:path";
import { findDomain } from "@tandem/competition";
import type { Database } from "@tandem/db";
import type { PartScores } from "@tandem/scoring";
import { type LoadedDomain, loadDomain } from "../store/load";
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

/**
 * Imports the organizers' folder for one domain: checked whole first, then loaded in one step
 * (store/load.ts). Refused with every problem found, and then nothing has changed.
 */
export async function importDomain(
  db: Database,
  staticDir: string,
  slug: string,
  dir: string,
  /** The deployment's secret seed: splits answers that come without a `split` column. */
  { seed }: { seed?: string } = {},
): Promise<ImportedDomain> {
  const domain = findDomain(slug);
  if (!domain) throw new Error(`Unknown domain ${slug}`);
  const { problems, plan } = await checkImportFolder(dir, domain, seed);
  if (!plan) throw new ImportRefusedError(problems);
  const loaded = await loadDomain(db, staticDir, {
    slug: domain.slug,
    source: "imported",
    files: plan.files.map((path) => [path, { copyFrom: join(dir, path) }]),
    answers: plan.answers,
    baselines: plan.baselines,
  });
  const baselines = Object.entries(plan.baselines).map(([key, b]) => [key, b.value]);
  return { ...loaded, baselines: Object.fromEntries(baselines) };
}
