import { exportCompetition } from "../bundle/export-bundle";
import { DEFINITION_FILE, DOMAINS_DIR, PRIVATE_MARKER_FILE } from "../bundle/layout";
import { folderArgument, runTool, UsageError, withDeployment } from "./deployment";

const USAGE = `Usage: npm run competition:export -- --dir DIR
  Writes the competition in force as a bundle into DIR (new or empty): ${DEFINITION_FILE} (the
  stored definition), ${DOMAINS_DIR}/<slug>/ for every domain with data, in the layout of
  data:export (answers and baselines included) and ${PRIVATE_MARKER_FILE}. The bundle holds the
  hidden answers: keep it where participants cannot read it. competition:import loads it.`;

await runTool(async () => {
  const dir = folderArgument(USAGE);
  if (!dir) return;
  await withDeployment(async (deployment) => {
    const { snapshot } = deployment;
    const exported = await exportCompetition(
      deployment.db,
      deployment.staticDir,
      snapshot,
      dir,
    ).catch((err: Error) => {
      throw new UsageError(err.message);
    });
    console.log(
      `Exported competition version ${snapshot.version} ("${snapshot.stored.identity.name} ${snapshot.stored.identity.edition}") into ${dir}:`,
    );
    console.log(`  ${DEFINITION_FILE}`);
    for (const domain of exported.domains) {
      console.log(
        `  ${DOMAINS_DIR}/${domain.slug}/: ${domain.files.length} public files, ${domain.answers.length} answers files, ${domain.baselines.length} baselines`,
      );
    }
    for (const { slug, reason } of exported.withoutData) {
      console.warn(`  ${slug}: no data exported (${reason}); the definition has it all the same.`);
    }
    console.log(
      `The answers are secret (${PRIVATE_MARKER_FILE}): never publish ${dir} or an archive of it.`,
    );
  });
});
