import { existsSync } from "node:fs";
import { join } from "node:path";
import { domains } from "@tandem/competition/server";
import { challengeAnswers, type Database, type DatasetSource, datasets } from "@tandem/db";
import { generateCommerce } from "./domains/commerce";
import { generateFood } from "./domains/food";
import { generateHealthcare } from "./domains/healthcare";
import { generateInsurance } from "./domains/insurance";
import { generateManufacturing } from "./domains/manufacturing";
import { generateRetailBanking } from "./domains/retail-banking";
import { type GeneratorFit, generatorFit } from "./generator-fit";
import { type DomainStreams, domainStreams } from "./random";
import { type LoadedDomain, loadDomain } from "./store/load";
import { fillMissingSplits, withSplits } from "./store/split";
import { fillTestSets } from "./store/test-sets";
import type { DomainFiles } from "./types";

export interface GenerateOptions {
  db: Database;
  /** Folder served at `/static/`; each domain gets `{staticDir}/{slug}/`. */
  staticDir: string;
  /** The deployment's secret seed (datasets/src/seed.ts); tests and benchmarks pass a fixed one. */
  seed: string;
  /** 1 = the published sizes; tests use small fractions. */
  scale?: number;
}

/** One generator per domain; each gets streams of its own so domains never shift each other. */
export const GENERATORS: Record<string, (streams: DomainStreams, scale: number) => DomainFiles> = {
  commerce: generateCommerce,
  food: generateFood,
  healthcare: generateHealthcare,
  insurance: generateInsurance,
  manufacturing: generateManufacturing,
  "retail-banking": generateRetailBanking,
};

export function generateDomain(slug: string, seed: string, scale: number): DomainFiles {
  const generator = GENERATORS[slug];
  if (!generator) throw new Error(`No generator for domain ${slug}`);
  return generator(domainStreams(seed, slug), scale);
}

export function generateAll(seed: string, scale: number): DomainFiles[] {
  return Object.keys(GENERATORS).map((slug) => generateDomain(slug, seed, scale));
}

/** Whether `slug`'s generator makes the data the active definition describes (generator-fit.ts). */
export const fitOf = (slug: string): GeneratorFit => generatorFit(slug, slug in GENERATORS);

/**
 * The domains of the active definition data:generate can make: those with a generator whose
 * structure the definition keeps. The others are left alone: their data comes from an import.
 */
export const generatableDomains = (): string[] =>
  domains()
    .map((d) => d.slug)
    .filter((slug) => fitOf(slug).ok);

/**
 * Generates each domain (by default every one `generatableDomains` names; a domain named that
 * cannot be generated is left alone) and loads it, one domain at a time, with each challenge's
 * public/private split drawn from the same seed (docs/adr/0009). Answers stored before the
 * split existed, of any domain, get theirs too.
 */
export async function generateDatasets(
  options: GenerateOptions & { domains?: readonly string[] },
): Promise<LoadedDomain[]> {
  const loaded: LoadedDomain[] = [];
  const slugs = (options.domains ?? generatableDomains()).filter((slug) => fitOf(slug).ok);
  for (const slug of slugs) {
    const domain = generateDomain(slug, options.seed, options.scale ?? 1);
    loaded.push(
      await loadDomain(options.db, options.staticDir, {
        slug,
        source: "generated",
        files: Object.entries(domain.files),
        answers: withSplits(domain.answers, options.seed),
      }),
    );
  }
  await fillMissingSplits(options.db, options.seed);
  await fillTestSets(options.db);
  return loaded;
}

/**
 * What each domain of the active definition holds: nothing yet (`missing`), data of this
 * version (`generated` or `imported`), or `legacy`: files and answers made by a version before secret seeds, from the
 * repository's public seed, which anyone can regenerate.
 */
export type DatasetState = "missing" | "legacy" | DatasetSource;

export async function datasetStates(
  db: Database,
  staticDir: string,
): Promise<Record<string, DatasetState>> {
  const [answered, loaded] = await Promise.all([
    db.select({ key: challengeAnswers.challengeKey }).from(challengeAnswers),
    db.select({ domain: datasets.domain, source: datasets.source }).from(datasets),
  ]);
  const keys = new Set(answered.map((row) => row.key));
  const sources = new Map(loaded.map((row) => [row.domain, row.source]));
  const states: Record<string, DatasetState> = {};
  for (const { slug, challenges } of domains()) {
    const complete =
      existsSync(join(staticDir, slug)) && challenges.every((challenge) => keys.has(challenge.key));
    // Imported data is the organizers' own: lost files are restored or imported again, never
    // replaced by generated data behind their back.
    const source = sources.get(slug);
    states[slug] = source === "imported" ? source : !complete ? "missing" : (source ?? "legacy");
  }
  return states;
}
