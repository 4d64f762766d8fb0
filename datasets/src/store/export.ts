import { cp, mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { Domain } from "@tandem/competition";
import { findDomain } from "@tandem/competition/server";
import { challengeAnswers, currentBaselineRows, type Database } from "@tandem/db";
import { inArray } from "drizzle-orm";
import { listFiles } from "./folders";
import { servedFolderPath } from "./load";

export interface ExportedDomain {
  files: string[];
  answers: string[];
  baselines: string[];
}

/**
 * Writes a domain as `data:import` reads it: the public files as served, the answers as
 * `answers/challenge{n}.csv` and the current baselines' predictions as
 * `baselines/challenge{n}.csv`. For the organizers' archive: it holds the hidden answers.
 */
export async function exportDomain(
  db: Database,
  staticDir: string,
  slug: string,
  outDir: string,
  /** The domain as the definition in force describes it (by default the active one's). */
  domain: Domain | undefined = findDomain(slug),
): Promise<ExportedDomain> {
  if (!domain) throw new Error(`Unknown domain ${slug}`);
  const folder = await servedFolderPath(staticDir, slug);
  if (!folder) throw new Error(`${domain.name} has no data to export`);
  await mkdir(outDir, { recursive: true });
  if ((await readdir(outDir)).length > 0) throw new Error(`${outDir} is not empty`);

  const files = await listFiles(folder);
  for (const file of files) await cp(join(folder, file), join(outDir, file));

  const keys = domain.challenges.map((c) => c.key);
  const answers = await db
    .select()
    .from(challengeAnswers)
    .where(inArray(challengeAnswers.challengeKey, keys));
  const baselines = (await currentBaselineRows(db)).filter((row) =>
    keys.includes(row.challengeKey),
  );
  const numberOf = (key: string) => domain.challenges.find((c) => c.key === key)!.number;

  await mkdir(join(outDir, "answers"));
  const written: ExportedDomain = { files, answers: [], baselines: [] };
  for (const row of answers) {
    const name = `answers/challenge${numberOf(row.challengeKey)}.csv`;
    await writeFile(join(outDir, name), gunzipSync(row.answers));
    written.answers.push(name);
  }
  if (baselines.length > 0) await mkdir(join(outDir, "baselines"));
  for (const row of baselines) {
    const name = `baselines/challenge${numberOf(row.challengeKey)}.csv`;
    await writeFile(join(outDir, name), gunzipSync(row.predictions));
    written.baselines.push(name);
  }
  written.answers.sort();
  written.baselines.sort();
  return written;
}
