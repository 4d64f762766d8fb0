import { join } from "node:path";

/**
 * A competition bundle (docs/operations.md, "Competition bundles"): the definition, each
 * domain's data in the layout `data:import` reads, and a marker saying the answers are private.
 */
export const DEFINITION_FILE = "competition.yaml";
export const DOMAINS_DIR = "domains";
export const PRIVATE_MARKER_FILE = "PRIVATE-ANSWERS.md";

export const domainFolder = (dir: string, slug: string) => join(dir, DOMAINS_DIR, slug);

/** Where a domain's file is, as the import's messages name it. */
export const bundlePath = (slug: string, file: string) => `${DOMAINS_DIR}/${slug}/${file}`;

export const PRIVATE_MARKER = `# PRIVATE: this bundle holds the hidden answers

Every \`${DOMAINS_DIR}/<slug>/answers/\` folder holds the hidden answers of that domain's challenges,
and every \`${DOMAINS_DIR}/<slug>/baselines/\` folder predictions scored against them. Anyone who
reads them can score perfectly.

- Never publish this folder or an archive of it: not on a website, a shared drive, a
  repository, a datasets volume or anywhere participants can read.
- Keep it where the organizers' other secrets are kept, and delete copies you no longer need.
- \`npm run competition:import -- --dir <this folder>\` loads it into a deployment.
`;
