import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { domains } from "@tandem/competition/server";
import { datasetStates, fitOf, generateDatasets } from "../generate";
import { fillMissingSplits } from "../store/split";
import { fillTestSets } from "../store/test-sets";
import { reportConfiguredBaselines } from "./baselines-report";
import {
  describeRows,
  domainArgument,
  generationSeed,
  runTool,
  splitSeed,
  UsageError,
  withDeployment,
} from "./deployment";

const USAGE = `Usage: npm run data:generate -- [--scale S] [--domain SLUG] [--if-missing] [--force] [--seed N]
  Generates the datasets from the deployment's secret seed (DATA_SEED; in embedded mode the
  seed kept in DATA_DIR/secrets.json), serves the public files from STATIC_DIR and stores the
  hidden answers, then measures the baseline notebooks when a Python with pandas and
  scikit-learn is found (BASELINE_PYTHON, else python3; BASELINE_PYTHON=none skips them).
  --scale S      1 = the published sizes (default)
  --domain SLUG  only this domain (default: every domain of the active competition definition
                 that has a generator; the others' data comes from an import)
  --if-missing   only domains that have no data yet
  --force        also replace data imported with data:import (skipped otherwise)
  --seed N       a chosen, public seed: for tests and benchmarks only`;

await runTool(async () => {
  const { values } = parseArgs({
    options: {
      scale: { type: "string", default: "1" },
      domain: { type: "string" },
      seed: { type: "string" },
      "if-missing": { type: "boolean", default: false },
      force: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  const scale = Number(values.scale);
  if (!(scale > 0)) throw new UsageError(`--scale must be a positive number\n${USAGE}`);
  // Refuse before touching anything when production has no secret seed.
  const seed = values["if-missing"] ? undefined : generationSeed(values.seed);

  await withDeployment(async (deployment) => {
    const chosen = generatorDomains(values.domain);
    const states = await datasetStates(deployment.db, deployment.staticDir);
    const slugs = chosen.filter((slug) => {
      const state = states[slug]!;
      if (state === "legacy") {
        console.warn(
          `${slug}: made by an earlier version from the repository's public seed, so anyone can rebuild its answers; ` +
            (values["if-missing"]
              ? `regenerate it with \`npm run data:generate -- --domain ${slug}\`.`
              : "replacing it."),
        );
      }
      if (state === "imported" && !existsSync(join(deployment.staticDir, slug))) {
        console.warn(
          `${slug}: the organizers' imported files are missing from ${deployment.staticDir}: restore the datasets volume or import them again.`,
        );
      }
      if (values["if-missing"]) return state === "missing";
      if (state === "imported" && !values.force) {
        console.log(`${slug}: keeps the organizers' imported data (--force replaces it).`);
        return false;
      }
      return true;
    });
    if (slugs.length === 0) {
      // Answers stored before the public/private split get theirs (the worker has no seed).
      const seedForSplit = seed ?? splitSeed();
      const filled = seedForSplit ? await fillMissingSplits(deployment.db, seedForSplit) : [];
      if (filled.length > 0)
        console.log(`Stored the public/private split of ${filled.join(", ")}.`);
      const testSetsFilled = await fillTestSets(deployment.db);
      if (testSetsFilled.length > 0)
        console.log(`Stored the public test sets of ${testSetsFilled.join(", ")}.`);
      return console.log(
        chosen.length === 0
          ? "No domain of the active definition has a generator; nothing to generate."
          : "Datasets present; nothing to generate.",
      );
    }

    const started = performance.now();
    const loaded = await generateDatasets({
      db: deployment.db,
      staticDir: deployment.staticDir,
      seed: seed ?? generationSeed(values.seed),
      scale,
      domains: slugs,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    for (const domain of loaded) {
      console.log(
        `${domain.slug}: version ${domain.version}, ${domain.summary.files.length} files; ${describeRows(domain.summary.rows)}`,
      );
    }
    console.log(
      `Generated ${loaded.length} domain(s) into ${deployment.staticDir} in ${seconds}s.`,
    );

    await reportConfiguredBaselines(deployment, slugs);
    await deployment.refreshRankings();
  });
});

/**
 * The domains to generate, of the deployment's active definition: `--domain`'s, or every one
 * with a generator that makes what the definition describes; the others are named and left alone.
 */
function generatorDomains(flag: string | undefined): string[] {
  if (flag) {
    const slug = domainArgument(flag);
    const fit = fitOf(slug);
    if (!fit.ok) throw new UsageError(fit.message);
    return [slug];
  }
  return domains()
    .map((d) => d.slug)
    .filter((slug) => {
      const fit = fitOf(slug);
      if (!fit.ok) console.log(`${fit.message}; left as it is.`);
      return fit.ok;
    });
}
