import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  buildCompetition,
  type Competition,
  type CompetitionDefinition,
  type DefinitionIssue,
} from "@tandem/competition";
import { DefinitionError, parseDefinitionText } from "@tandem/competition/server";
import { challengeAnswers, type Database } from "@tandem/db";
import { structureDifference } from "../domain-structure";
import { ImportRefusedError, planDomainImport } from "../import/import-domain";
import type { ImportProblem } from "../import/validate";
import { type DomainLoad, servedFolderPath } from "../store/load";
import { bundlePath, DEFINITION_FILE, DOMAINS_DIR, domainFolder } from "./layout";

export interface CheckedBundle {
  definition: CompetitionDefinition;
  competition: Competition;
  /** The domains the bundle brings, checked against the new definition, ready to load. */
  loads: (DomainLoad & { domain: NonNullable<DomainLoad["domain"]> })[];
  /** Domains without a folder in the bundle whose loaded data fits the new definition: kept. */
  kept: string[];
  /** Domains with no folder in the bundle and no data loaded: to import or generate later. */
  withoutData: string[];
  /** Every problem of every domain folder; the bundle loads only when there is none. */
  problems: ImportProblem[];
}

/** The bundle's definition is not valid: nothing else could be checked. */
export class BundleDefinitionError extends Error {
  constructor(readonly issues: DefinitionIssue[]) {
    super(`${DEFINITION_FILE} is not a valid competition definition (${issues.length} issue(s)).`);
    this.name = "BundleDefinitionError";
  }
}

/**
 * Checks a bundle whole against its own definition, changing nothing: the definition first
 * (every issue, or `BundleDefinitionError`), then every domain folder as `data:import` checks
 * one, against the NEW definition's domain. A domain the bundle brings no folder for keeps the
 * data the deployment has for it only if the new definition reads that data the same way.
 */
export async function checkBundle(
  dir: string,
  deployment: {
    db: Database;
    staticDir: string;
    /** The definition in force: what the loaded data was checked against. */
    current: CompetitionDefinition;
    /** Splits answers that come without a `split` column. */
    seed?: string;
  },
): Promise<CheckedBundle> {
  const definition = await readBundleDefinition(dir);
  const competition = buildCompetition(definition);
  const problems: ImportProblem[] = [];
  const folders = await domainFolders(dir);
  for (const name of folders) {
    if (!competition.domains.some((d) => d.slug === name)) {
      problems.push({
        file: `${DOMAINS_DIR}/${name}`,
        message: `not a domain of ${DEFINITION_FILE} (its domains: ${competition.domains.map((d) => d.slug).join(", ")})`,
      });
    }
  }

  const answered = new Set(
    (
      await deployment.db
        .selectDistinct({ key: challengeAnswers.challengeKey })
        .from(challengeAnswers)
    ).map((row) => row.key),
  );
  const result: CheckedBundle = {
    definition,
    competition,
    loads: [],
    kept: [],
    withoutData: [],
    problems,
  };
  for (const domain of competition.domains) {
    if (folders.includes(domain.slug)) {
      try {
        result.loads.push(
          await planDomainImport(domain.slug, domainFolder(dir, domain.slug), {
            domain,
            ...(deployment.seed === undefined ? {} : { seed: deployment.seed }),
          }),
        );
      } catch (err) {
        if (!(err instanceof ImportRefusedError)) throw err;
        for (const p of err.problems) {
          problems.push({ ...p, file: bundlePath(domain.slug, p.file) });
        }
      }
      continue;
    }
    const served = (await servedFolderPath(deployment.staticDir, domain.slug)) !== null;
    if (!served && !domain.challenges.some((c) => answered.has(c.key))) {
      result.withoutData.push(domain.slug);
      continue;
    }
    const before = deployment.current.domains.find((d) => d.slug === domain.slug);
    const after = definition.domains.find((d) => d.slug === domain.slug)!;
    const unanswered = domain.challenges.filter((c) => !answered.has(c.key));
    const difference = !before
      ? "it is not a domain of the definition in force"
      : (structureDifference(before, after) ??
        (unanswered.length > 0
          ? `challenge ${unanswered.map((c) => c.number).join(", ")} has no answers`
          : null));
    if (difference) {
      problems.push({
        file: `${DOMAINS_DIR}/${domain.slug}`,
        message: `missing: the data this deployment holds for ${domain.name} does not fit the new definition (${difference}): the bundle must bring the domain's folder`,
      });
    } else result.kept.push(domain.slug);
  }
  return result;
}

async function readBundleDefinition(dir: string): Promise<CompetitionDefinition> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) {
    throw new BundleDefinitionError([{ path: "", message: `${dir}: no such folder` }]);
  }
  const text = await readFile(join(dir, DEFINITION_FILE), "utf8").catch(() => null);
  if (text === null) {
    throw new BundleDefinitionError([
      { path: "", message: `${DEFINITION_FILE} is missing from ${dir}` },
    ]);
  }
  try {
    return parseDefinitionText(text, DEFINITION_FILE);
  } catch (err) {
    if (err instanceof DefinitionError) throw new BundleDefinitionError(err.issues);
    throw err;
  }
}

/** The folders under `domains/` (none when the bundle has no data). */
async function domainFolders(dir: string): Promise<string[]> {
  const entries = await readdir(join(dir, DOMAINS_DIR), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort();
}
