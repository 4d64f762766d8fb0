import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { SHARED_WAIT_MS } from "./bounds";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts a TypeScript entry point with tsx, as `npm start` and the Dockerfiles do. */
export function startProcess(
  entry: string,
  env: Record<string, string>,
  args: string[] = [],
): RunningProcess {
  const child = spawn(process.execPath, ["--import", "tsx", entry, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return {
    child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Polls `url` until it answers 200, or fails with the process's output. The default bound is for
 * a busy machine, not a speed check: a start that takes 4 s on a quiet 2-core machine printed
 * nothing for over 60 s at load 16 while `npm test` ran its lanes beside other work.
 */
export async function waitForReady(
  url: string,
  proc: RunningProcess,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) {
      throw new Error(`Process exited with ${proc.child.exitCode}:\n${proc.output()}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${url}:\n${proc.output()}`);
}

/** Runs a TypeScript entry point to its end (a command-line tool) and returns what it printed. */
export async function runToEnd(
  entry: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", entry, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, output };
}

/** Polls the process's output until `pattern` matches it, or fails with the output. */
export async function waitForOutput(
  proc: RunningProcess,
  pattern: RegExp,
  timeoutMs = SHARED_WAIT_MS,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = proc.output().match(pattern);
    if (found) return found;
    if (proc.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(
        `No ${pattern} in the output (exit code ${proc.child.exitCode}):\n${proc.output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
