import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  freePort,
  type RunningProcess,
  startProcess,
  waitForOutput,
  waitForReady,
} from "./support/processes";

// Issue 31, finding 13: "embedded mode listens on all interfaces by default": `npm start` on a
// laptop put a fresh install (its printed admin, its demo data) on every network the machine was
// on. It now binds to loopback unless HOST says otherwise, and says so at start.

let dir: string | undefined;
let server: RunningProcess | undefined;
afterEach(async () => {
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
  server = undefined;
  dir = undefined;
});

/** The addresses the kernel has a listening TCP socket on for `port` (Linux /proc/net). */
function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== "0A") continue; // 0A: LISTEN
      const [hex, portHex] = local.split(":") as [string, string];
      if (Number.parseInt(portHex, 16) !== port) continue;
      found.push(hex.length === 8 ? ipv4(hex) : hex === "0".repeat(32) ? "::" : hex);
    }
  }
  return found.sort();
}

/** /proc/net/tcp writes an IPv4 address as one little-endian 32-bit hex word. */
function ipv4(hex: string): string {
  const bytes = hex.match(/../g)!.map((pair) => Number.parseInt(pair, 16));
  return bytes.reverse().join(".");
}

/** Starts embedded mode with `host` as HOST ("" = unset) and answers its port once ready. */
async function start(host: string): Promise<number> {
  dir = await mkdtemp(join(tmpdir(), "tandem-listen-"));
  const port = await freePort();
  server = startProcess("services/embedded/src/main.ts", {
    DATABASE_URL: "",
    REDIS_URL: "",
    DATA_DIR: dir,
    DATA_SCALE: "0.002",
    BASELINE_PYTHON: "none",
    PORT: String(port),
    // Empty is unset, whatever the machine's environment says.
    HOST: host,
    LOG_LEVEL: "info",
  });
  await waitForReady(`http://127.0.0.1:${port}/api/ready`, server);
  return port;
}

describe("embedded mode's listening address", () => {
  it("is loopback only when HOST is unset, so a fresh install is not on the machine's networks", async () => {
    const port = await start("");
    expect(listeningAddresses(port)).toEqual(["127.0.0.1"]);
    // The line comes once listen() has returned, which /api/ready can answer before.
    const [line] = await waitForOutput(
      server!,
      new RegExp(`listening on 127\\.0\\.0\\.1:${port}.*`),
    );
    expect(line).toContain("HOST=0.0.0.0");
  });

  it("follows HOST when it is set, and says the server is reachable from other machines", async () => {
    const port = await start("0.0.0.0");
    expect(listeningAddresses(port)).toEqual(["0.0.0.0"]);
    await waitForOutput(server!, new RegExp(`listening on 0\\.0\\.0\\.0:${port}`));
  });
});
