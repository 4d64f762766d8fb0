import { exportDomain } from "../store/export";
import { runFolderTool, UsageError } from "./deployment";

const USAGE = `Usage: npm run data:export -- --domain SLUG --dir FOLDER
  Writes a domain's data in the layout data:import reads: the public files, the hidden answers
  (answers/challenge{n}.csv) and the baselines' predictions (baselines/challenge{n}.csv). The
  answers are secret: keep the folder where participants cannot read it.`;

await runFolderTool(USAGE, async (deployment, { slug, dir }) => {
  const written = await exportDomain(deployment.db, deployment.staticDir, slug, dir).catch(
    (err: Error) => {
      throw new UsageError(err.message);
    },
  );
  console.log(
    `Exported ${slug} into ${dir}: ${written.files.length} public files, ${written.answers.length} answers files, ${written.baselines.length} baselines.`,
  );
});
