import { createHash } from "node:crypto";
import { readdir, readFile, realpath } from "node:fs/promises";
import { join } from "node:path";
import { runToEnd } from "./processes";

/** A deployment as the data tools see it: its database and the folder its gateways serve. */
export interface ToolTarget {
  databaseUrl: string;
  staticDir: string;
  dataDir: string;
  /** The deployment's secret seed (32+ characters), DATA_SEED. */
  seed: string;
}

/**
 * Runs `npm run competition:export|import -- --dir DIR` as an operator would: its own process,
 * the deployment's variables only (no window override, no Redis, no notebooks run).
 */
export function competitionTool(
  tool: "export" | "import",
  dir: string,
  target: ToolTarget,
  env: Record<string, string> = {},
) {
  return runToEnd(`datasets/src/cli/competition-${tool}.ts`, ["--dir", dir], {
    DATABASE_URL: target.databaseUrl,
    REDIS_URL: "",
    STATIC_DIR: target.staticDir,
    DATA_DIR: target.dataDir,
    DATA_SEED: target.seed,
    BASELINE_PYTHON: "none",
    COMPETITION_OPENS_AT: "",
    COMPETITION_CLOSES_AT: "",
    ...env,
  });
}

/** Every file a domain serves now, by path, as a digest of its bytes. */
export async function servedDigests(
  staticDir: string,
  slug: string,
): Promise<Record<string, string>> {
  const folder = await realpath(join(staticDir, slug));
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const digests: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    digests[path.slice(folder.length + 1)] = createHash("sha256")
      .update(await readFile(path))
      .digest("hex");
  }
  return digests;
}
