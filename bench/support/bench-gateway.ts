import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  freePort,
  type RunningProcess,
  startProcess,
  waitForReady,
} from "../../test/support/processes";
import { createTestDatabase, createTestRedis, TEST_SECRETS } from "../../test/support/services";

/**
 * What a gateway bench stands on: a fresh test database and Redis, and a data folder `dir` with
 * an empty `static/`. The bench seeds `db`, then starts a production gateway (server.ts) on them
 * with `startBenchGateway`; `stop` stops it and removes all of it (BENCH_KEEP_DB=1 keeps the
 * database for EXPLAIN ANALYZE: drop it by hand afterwards).
 */
export async function createBenchServices(name: string) {
  const database = await createTestDatabase();
  const redis = await createTestRedis();
  const dir = mkdtempSync(join(tmpdir(), `tandem-bench-${name}-`));
  mkdirSync(join(dir, "static"), { recursive: true });
  let gateway: RunningProcess | undefined;

  /** Starts the gateway on a free port, with `env` over the benches' environment; its base URL. */
  async function startBenchGateway(env: Record<string, string> = {}) {
    const port = await freePort();
    gateway = startProcess("services/gateway/src/server.ts", {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: redis.prefix,
      ...TEST_SECRETS,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      STATIC_DIR: join(dir, "static"),
      LOG_LEVEL: "warn",
      ...env,
    });
    const base = `http://127.0.0.1:${port}`;
    return { base, ready: () => waitForReady(`${base}/api/ready`, gateway!) };
  }

  async function stop() {
    await gateway?.stop();
    await redis.cleanup();
    if (process.env.BENCH_KEEP_DB) {
      console.log(`database kept: ${database.url}`);
      await database.handle.close();
    } else await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }

  return { db: database.handle.db, dir, startBenchGateway, stop };
}
