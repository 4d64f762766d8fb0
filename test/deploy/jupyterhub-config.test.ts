import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/processes";

// Issue 31, finding 13: "the hub's shared spawner is the default outside its image": a hub
// started from deploy/jupyterhub without TANDEM_HUB_SPAWNER ran every participant's notebook as
// the hub's own OS user, able to read the hub's cookie secret, database and every other
// participant's files. Outside the image the default is now the isolating per-user spawner;
// the shared one must be asked for by name.

const PYTHON = "/usr/bin/python3";
const CONFIG = join(REPO_ROOT, "deploy", "jupyterhub", "jupyterhub_config.py");
/** Loads the config the way JupyterHub does and prints the spawner it chose. */
const LOAD = `
import sys
from traitlets.config import Config
c = Config()
path = sys.argv[1]
scope = {"get_config": lambda: c, "__file__": path, "__name__": "__config__"}
exec(compile(open(path).read(), path, "exec"), scope)
spawner = c.JupyterHub.spawner_class
print(spawner if isinstance(spawner, str) else spawner.__name__)
`;
const runnable =
  process.getuid?.() === 0 &&
  spawnSync(PYTHON, ["-c", "import jupyterhub, traitlets"]).status === 0 &&
  spawnSync("setpriv", ["--version"]).status === 0;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync("/tmp/tandem-hubcfg-");
  // The unprivileged runs make their own state folders here too.
  chmodSync(dir, 0o1777);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The config loaded with only these TANDEM_ variables (state folders in a throw-away place). */
function loadConfig(env: Record<string, string>, asUser?: number) {
  const run = (
    asUser === undefined
      ? [PYTHON]
      : ["setpriv", `--reuid=${asUser}`, `--regid=${asUser}`, "--clear-groups", "--", PYTHON]
  ) as [string, ...string[]];
  const [command, ...args] = run;
  const result = spawnSync(command, [...args, "-c", LOAD, CONFIG], {
    encoding: "utf8",
    cwd: dir,
    env: {
      PATH: "/usr/sbin:/usr/bin:/sbin:/bin",
      HOME: dir,
      PYTHONDONTWRITEBYTECODE: "1",
      TANDEM_HUB_STATE_DIR: join(dir, `state-${asUser ?? 0}`),
      TANDEM_HUB_USERS_DIR: join(dir, `users-${asUser ?? 0}`),
      TANDEM_HUB_RUNTIME_DIR: join(dir, `rt-${asUser ?? 0}`),
      TANDEM_SHARED_DIR: join(dir, "shared"),
      ...env,
    },
  });
  return { status: result.status, out: result.stdout.trim(), err: result.stderr };
}

describe("the notebook hub's config outside its image", () => {
  it("does not run every participant's notebook as the hub's own user unless told to", () => {
    expect(runnable, "needs root, Debian's jupyterhub (traitlets) and setpriv").toBe(true);
    const unset = loadConfig({});
    expect(unset.status, unset.err).toBe(0);
    expect(unset.out).toBe("TandemUserSpawner");
    expect(existsSync(join(dir, "state-0"))).toBe(true);
  });

  it("refuses to start, saying why, rather than fall back to the shared spawner without root", () => {
    const nobody = loadConfig({}, 65534);
    expect(nobody.status).not.toBe(0);
    expect(nobody.out).toBe("");
    expect(nobody.err).toContain("TANDEM_HUB_SPAWNER=shared");
  });

  it("runs the shared spawner only when TANDEM_HUB_SPAWNER=shared asks for it", () => {
    const shared = loadConfig({ TANDEM_HUB_SPAWNER: "shared" }, 65534);
    expect(shared.status, shared.err).toBe(0);
    expect(shared.out).toBe("jupyterhub.spawner.SimpleLocalProcessSpawner");
  });
});
