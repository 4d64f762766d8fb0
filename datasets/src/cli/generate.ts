import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { findBaselinePython } from "../baselines/notebooks";
import { datasetStates, GENERATORS, generateDatasets } from "../generate";
import { fillMissingSplits } from "../store/split";
import { reportBaselines } from "./baselines-report";
import {
  describeRows,
  domainArgument,
  generationSeed,
  runTool,
  settings,
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
  --domain SLUG  only this domain (default: all six)
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
  const chosen = values.domain ? [domainArgument(values.domain)] : Object.keys(GENERATORS);
  // Refuse before touching anything when production has no secret seed.
  const seed = values["if-missing"] ? undefined : generationSeed(values.seed);

  await withDeployment(async (deployment) => {
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
      return console.log("Datasets present; nothing to generate.");
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

    const python = await findBaselinePython(settings.baselinePython);
    await reportBaselines(deployment, slugs, python);
    await deployment.refreshRankings();
  });
});
