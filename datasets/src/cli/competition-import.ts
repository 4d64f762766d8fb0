import { BundleDefinitionError } from "../bundle/check-bundle";
import { BundleRefusedError, importCompetition } from "../bundle/import-bundle";
import { DEFINITION_FILE, DOMAINS_DIR } from "../bundle/layout";
import { formatProblem } from "../import/validate";
import { reportConfiguredBaselines } from "./baselines-report";
import {
  describeRows,
  folderArgument,
  runTool,
  splitSeed,
  UsageError,
  withDeployment,
} from "./deployment";

const USAGE = `Usage: npm run competition:import -- --dir DIR
  Loads a competition bundle (as competition:export writes it): ${DEFINITION_FILE}, and
  ${DOMAINS_DIR}/<slug>/ in the layout of data:import for the domains it brings data for. Checked
  whole before anything changes: the definition, every domain folder against the new
  definition, and the guards of an edit against the definition in force (no rescore). Then the
  data of every domain and the new definition version are switched in one step. In embedded
  mode, stop the server first. Layout and rules: docs/operations.md, "Competition bundles".`;

await runTool(async () => {
  const dir = folderArgument(USAGE);
  if (!dir) return;
  await withDeployment(async (deployment) => {
    let imported: Awaited<ReturnType<typeof importCompetition>>;
    try {
      imported = await importCompetition(
        deployment.db,
        deployment.staticDir,
        dir,
        deployment.competition,
        { seed: splitSeed() },
      );
    } catch (err) {
      if (err instanceof BundleDefinitionError) {
        console.error(`${DEFINITION_FILE} is not a valid competition definition:`);
        for (const issue of err.issues)
          console.error(`  ${issue.path || "(root)"}: ${issue.message}`);
        throw new UsageError("The import was refused; nothing was changed.");
      }
      if (!(err instanceof BundleRefusedError)) throw err;
      for (const problem of err.problems) console.error(formatProblem(problem));
      for (const refusal of err.refusals) {
        console.error(`refused, ${refusal.path} (${refusal.code}): ${refusal.message}`);
      }
      throw new UsageError(err.message);
    }

    console.log(
      `Imported the competition from ${dir}: definition version ${imported.version} (was ${imported.previousVersion}).`,
    );
    for (const change of imported.changes) console.log(`  ${change}`);
    for (const domain of imported.domains) {
      console.log(
        `${domain.slug}: data version ${domain.version}, ${domain.summary.files.length} files; answers: ${describeRows(domain.summary.rows)}`,
      );
      for (const [key, value] of Object.entries(domain.baselines)) {
        console.log(
          `  baseline ${key}: ${value.public.toFixed(4)} public, ${value.private.toFixed(4)} private`,
        );
      }
    }
    for (const slug of imported.kept) {
      console.log(`${slug}: keeps the data it has (it fits the new definition).`);
    }
    for (const slug of imported.withoutData) {
      console.warn(
        `${slug}: no data in the bundle nor in this deployment: load it with data:import (or data:generate, for a domain with a generator) before the competition opens.`,
      );
    }
    // Domains whose folder brought no baselines: measure their own notebooks when possible.
    const unmeasured = imported.domains
      .filter((d) => Object.keys(d.baselines).length === 0)
      .map((d) => d.slug);
    if (unmeasured.length > 0) {
      await reportConfiguredBaselines(deployment, unmeasured);
    }
    await deployment.refreshRankings();
  });
});
