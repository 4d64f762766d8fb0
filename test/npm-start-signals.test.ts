import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, REPO_ROOT } from "./support/processes";

/*
 * `npm start` stopped as a terminal stops it: Ctrl-C signals the whole foreground process group
 * (npm, its shell, node), and npm forwards the signal to its script too. The server must close
 * gracefully once ("stopping" ... "stopped"), not take the repeat for a second Ctrl-C.
 */

let child: ChildProcess | undefined;
let dir: string | undefined;

/** Whether any process of the group `pgid` is still running. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

afterEach(async () => {
  if (child?.pid && groupAlive(child.pid)) process.kill(-child.pid, "SIGKILL");
  child = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function startNpm(): Promise<{ port: number; output: () => string }> {
  dir = await mkdtemp(join(tmpdir(), "tandem-npm-start-"));
  const port = await freePort();
  child = spawn("npm", ["start"], {
    cwd: REPO_ROOT,
    // Its own process group, as a terminal's foreground job has.
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      DATA_DIR: dir,
      DATA_SCALE: "0.002",
      BASELINE_PYTHON: "none",
      PORT: String(port),
      HOST: "",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start never got ready:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, output: () => output };
}

describe("npm start, stopped by a signal to its process group", () => {
  it.each(["SIGINT", "SIGTERM"] as const)("closes gracefully once on %s", async (signal) => {
    const started = await startNpm();
    const pgid = child!.pid!;
    process.kill(-pgid, signal);
    // npm may end first (killed by the signal, as a terminal's npm is); the server's own
    // shutdown is what counts, so the whole group is waited for (the close is bounded at 10 s).
    const deadline = Date.now() + 30_000;
    while (groupAlive(pgid) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(groupAlive(pgid)).toBe(false);
    const output = started.output();
    expect(output.match(/"msg":"stopping"/g), output).toHaveLength(1);
    expect(output).toContain(`"signal":"${signal}"`);
    expect(output).toContain('"msg":"stopped"');
    expect(output).not.toMatch(/second SIG|exiting without waiting|killed by timeout/);
    await expect(fetch(`http://127.0.0.1:${started.port}/api/health`)).rejects.toThrow();
  });
});
