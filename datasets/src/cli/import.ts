import { ImportRefusedError, importDomain } from "../import/import-domain";
import { formatProblem } from "../import/validate";
import { reportConfiguredBaselines } from "./baselines-report";
import { describeRows, runFolderTool, splitSeed, UsageError } from "./deployment";

const USAGE = `Usage: npm run data:import -- --domain SLUG --dir FOLDER
  Replaces a domain's data with the organizers' own: FOLDER holds the public files (served
  under /static/SLUG/ as they are), answers/challenge{n}.csv for every challenge and,
  optionally, baselines/challenge{n}.csv (a baseline's predictions). An answers file may end
  with a split column (public/private); without it the rows are split from the deployment's
  secret seed (DATA_SEED; in embedded mode DATA_DIR/secrets.json). Everything is checked
  before anything changes. In embedded mode, stop the server first. Layout: docs/operations.md.`;

await runFolderTool(USAGE, async (deployment, { slug, dir }) => {
  let imported: Awaited<ReturnType<typeof importDomain>>;
  try {
    imported = await importDomain(deployment.db, deployment.staticDir, slug, dir, {
      seed: splitSeed(),
    });
  } catch (err) {
    if (!(err instanceof ImportRefusedError)) throw err;
    for (const problem of err.problems) console.error(formatProblem(problem));
    throw new UsageError(err.message);
  }
  console.log(`Imported ${slug} from ${dir} (version ${imported.version}):`);
  for (const file of imported.summary.files) {
    console.log(`  ${file.name}  ${file.bytes.toLocaleString("en-US")} bytes`);
  }
  console.log(`  answers: ${describeRows(imported.summary.rows)}`);
  const baselines = Object.entries(imported.baselines);
  for (const [key, value] of baselines) {
    console.log(
      `  baseline ${key}: ${value.public.toFixed(4)} public, ${value.private.toFixed(4)} private`,
    );
  }
  if (baselines.length === 0) {
    // No baselines came with the data: measure the folder's own notebooks when possible.
    await reportConfiguredBaselines(deployment, [slug]);
  }
  await deployment.refreshRankings();
});
