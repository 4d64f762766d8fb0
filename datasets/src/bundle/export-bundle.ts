import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Competition, CompetitionDefinition } from "@tandem/competition";
import { definitionToYaml } from "@tandem/competition/server";
import { challengeAnswers, type Database } from "@tandem/db";
import { type ExportedDomain, exportDomain } from "../store/export";
import { servedFolderPath } from "../store/load";
import { DEFINITION_FILE, domainFolder, PRIVATE_MARKER, PRIVATE_MARKER_FILE } from "./layout";

export interface ExportedBundle {
  /** Each domain written, with what its folder holds. */
  domains: ({ slug: string } & ExportedDomain)[];
  /** Domains of the definition whose data is not loaded, and why: only their definition is in the bundle. */
  withoutData: { slug: string; reason: string }[];
}

/**
 * Writes the competition in force as a bundle into `dir` (new or empty): the stored definition
 * (before any override of the main phase's dates) as `competition.yaml`, each domain's data as
 * `data:export` writes it under `domains/<slug>/`, and the private-answers marker, written first
 * so that even an interrupted export says what it holds.
 */
export async function exportCompetition(
  db: Database,
  staticDir: string,
  active: { stored: CompetitionDefinition; competition: Competition; version: number },
  dir: string,
): Promise<ExportedBundle> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`${dir} is not empty`);
  await writeFile(join(dir, PRIVATE_MARKER_FILE), PRIVATE_MARKER);
  const header = `# Exported ${new Date().toISOString()} from competition version ${active.version}.\n`;
  await writeFile(join(dir, DEFINITION_FILE), header + definitionToYaml(active.stored));

  const answered = new Set(
    (await db.selectDistinct({ key: challengeAnswers.challengeKey }).from(challengeAnswers)).map(
      (row) => row.key,
    ),
  );
  const result: ExportedBundle = { domains: [], withoutData: [] };
  for (const domain of active.competition.domains) {
    const missing = domain.challenges.filter((c) => !answered.has(c.key)).map((c) => c.number);
    if (!(await servedFolderPath(staticDir, domain.slug))) {
      result.withoutData.push({ slug: domain.slug, reason: "no files are served" });
    } else if (missing.length > 0) {
      result.withoutData.push({
        slug: domain.slug,
        reason: `no answers for challenge ${missing.join(", ")}`,
      });
    } else {
      const written = await exportDomain(
        db,
        staticDir,
        domain.slug,
        domainFolder(dir, domain.slug),
        domain,
      );
      result.domains.push({ slug: domain.slug, ...written });
    }
  }
  return result;
}
