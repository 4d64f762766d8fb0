import { type ChildProcess, spawn } from "node:child_process";
import { Redis } from "ioredis";
import { freePort } from "../../test/support/processes";

/**
 * A Redis of the bench's own on a free port, like CI's (nothing kept on disk), so restarting it
 * halfway loses what a crashed Redis loses and touches no other process's data.
 */
export async function startOwnRedis() {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    client.on("error", () => {});
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await client.connect();
        await client.ping();
        client.disconnect();
        return;
      } catch {
        client.disconnect();
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async function stop(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill(signal);
    await exited;
  }

  await start();
  return {
    url,
    /** The running server's pid (its CPU time is read from /proc). */
    pid: () => child?.pid,
    /** Kills the server (everything in it is lost) and starts an empty one on the same port. */
    async restart(downMs: number): Promise<void> {
      await stop("SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    stop,
  };
}
