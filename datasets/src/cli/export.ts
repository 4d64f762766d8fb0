import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { exportDomain } from "../store/export";
import { domainArgument, openDeployment, runTool, UsageError } from "./deployment";

const USAGE = `Usage: npm run data:export -- --domain SLUG --dir FOLDER
  Writes a domain's data in the layout data:import reads: the public files, the hidden answers
  (answers/challenge{n}.csv) and the baselines' predictions (baselines/challenge{n}.csv). The
  answers are secret: keep the folder where participants cannot read it.`;

await runTool(async () => {
  const { values } = parseArgs({
    options: {
      domain: { type: "string" },
      dir: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  const slug = domainArgument(values.domain);
  if (!values.dir) throw new UsageError(`Missing --dir\n${USAGE}`);
  const dir = resolve(values.dir);
  const deployment = await openDeployment();
  try {
    const written = await exportDomain(deployment.db, deployment.staticDir, slug, dir).catch(
      (err: Error) => {
        throw new UsageError(err.message);
      },
    );
    console.log(
      `Exported ${slug} into ${dir}: ${written.files.length} public files, ${written.answers.length} answers files, ${written.baselines.length} baselines.`,
    );
  } finally {
    await deployment.close();
  }
});
