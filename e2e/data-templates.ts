import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort, startProcess, waitForReady } from "../test/support/processes";

/**
 * A first start of the embedded server generates the datasets and migrates PGlite: about 20 of
 * its 24 s. Every e2e file used to pay it; now the first file of a run that asks for a given seed
 * and scale pays it once, into a template data folder, and every server after starts from a copy
 * (about 4 s). What a copy holds is what a first start without ADMIN_EMAIL left behind; the test's
 * own admin is added by the copy's start.
 *
 * The templates live for one run, in the folder `global-setup.ts` names in this variable (a file
 * run any other way starts fresh, as before).
 */
export const TEMPLATES_ENV = "TANDEM_E2E_TEMPLATES";

/**
 * The settings a first start writes into the data folder: the data. The admin account is not one
 * of them: a template is built without ADMIN_EMAIL (so it holds admin@tandem.local, as a first
 * start without one leaves), and the copy's own start creates the file's admin, as every start
 * does (`ensureAdmin`). Keyed by the admin too, nearly every file built a template of its own: a
 * first start and then a second, more work than starting fresh.
 */
const FIRST_START_KEYS = ["DATA_SEED", "DATA_SCALE"] as const;

const building = new Map<string, Promise<string>>();

/**
 * A bound on a first start (it generates the datasets): about 20 s on a quiet machine, past 60 s
 * on one at load 16, past 180 s at the start of a whole `npm test` beside two CPU-bound
 * processes (the SDK's first start and the dataset tests' Python fits run then too). A bound on
 * waiting, not a speed check.
 */
const TEMPLATE_READY_MS = 360_000;

/**
 * Fills `dataDir` from the template for `env`'s seed and scale, building the template first if
 * this run has none yet. Returns false when the server must start fresh: no template folder, a
 * test that names its own DATA_DIR, or one that wants the baselines measured (a first start
 * measures them in the background, which a template stopped right after its start would cut off).
 */
export async function fillFromTemplate(
  dataDir: string,
  env: Record<string, string>,
): Promise<boolean> {
  const root = process.env[TEMPLATES_ENV];
  if (!root || env.DATA_DIR !== undefined) return false;
  const baselines = env.BASELINE_PYTHON;
  if (baselines !== undefined && baselines.toLowerCase() !== "none") return false;
  const firstStart = Object.fromEntries(FIRST_START_KEYS.map((key) => [key, env[key] ?? ""]));
  const name = createHash("sha256").update(JSON.stringify(firstStart)).digest("hex").slice(0, 16);
  const template = join(root, name);
  let built = building.get(template);
  if (!built) {
    built = buildOnce(template, () => build(root, template, firstStart));
    building.set(template, built);
  }
  // Verbatim: the published dataset folders are relative links, which must stay inside the copy.
  await cp(await built, dataDir, { recursive: true, verbatimSymlinks: true });
  return true;
}

/**
 * Makes `template` with `build` unless it exists, once across this run's workers: the e2e project
 * runs two files at a time, each in a worker of its own, and a lock folder (mkdir is atomic) lets
 * one build while the other waits, instead of both paying a first start on a busy machine.
 */
export async function buildOnce(template: string, build: () => Promise<void>): Promise<string> {
  const lock = `${template}.lock`;
  const waitUntil = Date.now() + TEMPLATE_READY_MS * 2;
  for (;;) {
    if (await exists(template)) return template;
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (Date.now() > waitUntil) throw new Error(`No data template at ${template}: ${lock} held`);
    await sleep(250);
  }
  try {
    // Built by the worker that held the lock just before.
    if (!(await exists(template))) await build();
    return template;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** A first start into a scratch folder, stopped cleanly and renamed to `template`. */
async function build(
  root: string,
  template: string,
  firstStart: Record<string, string>,
): Promise<void> {
  const scratch = await mkdtemp(join(root, "building-"));
  const port = await freePort();
  const server = startProcess("services/embedded/src/main.ts", {
    DATABASE_URL: "",
    REDIS_URL: "",
    DATA_DIR: scratch,
    // The settings the test gave; startServer always gives a scale.
    ...Object.fromEntries(Object.entries(firstStart).filter(([, value]) => value)),
    // No baselines: the copies do not measure them either (their data is not fresh).
    BASELINE_PYTHON: "none",
    PORT: String(port),
    HOST: "127.0.0.1",
  });
  try {
    await waitForReady(`http://127.0.0.1:${port}/api/ready`, server, TEMPLATE_READY_MS);
  } catch (error) {
    await server.stop();
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
  // A clean stop closes PGlite, so the copy opens without recovery or a stale lock.
  const code = await server.stop("SIGTERM");
  if (code !== 0) {
    await rm(scratch, { recursive: true, force: true });
    throw new Error(`The template server stopped with ${code}:\n${server.output()}`);
  }
  await rename(scratch, template);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
