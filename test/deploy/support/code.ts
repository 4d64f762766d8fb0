import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { roleLoginsOf, toolSettingsOf } from "@tandem/db";
import { loadConfig } from "@tandem/gateway";
import { loadWorkerConfig } from "../../../workers/scoring/src/config";
import { REPO_ROOT } from "../../support/processes";

/** What the code reads and runs, for the deployment files to be checked against. */

export const read = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");

export const packageJson = JSON.parse(read("package.json")) as {
  workspaces: string[];
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
};

/** Every variable a config loader looks up, recorded by handing it an environment that logs reads. */
function variablesRead(load: (env: Record<string, string | undefined>) => unknown): string[] {
  const seen = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_target, key) {
      if (typeof key === "string") seen.add(key);
      return undefined;
    },
  });
  try {
    load(env);
  } catch {
    // Required variables are missing on purpose; the reads are what count.
  }
  return [...seen].filter((key) => /^[A-Z][A-Z0-9_]*$/.test(key)).sort();
}

function processEnvReads(path: string): string[] {
  return [...read(path).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!);
}

export const READS = {
  gateway: variablesRead(loadConfig),
  worker: variablesRead((env) => loadWorkerConfig(env as NodeJS.ProcessEnv)),
  // The tools read the environment through @tandem/db's settings parsers.
  migrate: [...variablesRead(toolSettingsOf), ...variablesRead(roleLoginsOf)],
  data: [...processEnvReads("datasets/src/cli/deployment.ts"), ...variablesRead(toolSettingsOf)],
};

export function shutdownDelayMs(path: string): number {
  const match = /closeWithGrace\(\s*\{\s*delay:\s*([\d_]+)/.exec(read(path));
  if (!match) throw new Error(`No closeWithGrace delay in ${path}`);
  return Number(match[1]!.replace(/_/g, ""));
}

/** Every workspace folder npm knows, from the root package.json's globs. */
export function workspaces(): string[] {
  return packageJson.workspaces.flatMap((glob) =>
    glob.endsWith("/*")
      ? readdirSync(join(REPO_ROOT, glob.slice(0, -2)))
          .map((name) => `${glob.slice(0, -2)}/${name}`)
          .filter((dir) => existsSync(join(REPO_ROOT, dir, "package.json")))
      : [glob],
  );
}
