import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEMPLATES_ENV } from "./data-templates";

/** One folder of data templates per run (data-templates.ts), removed when the run ends. */
export default async function setup(): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), "tandem-e2e-templates-"));
  process.env[TEMPLATES_ENV] = root;
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
