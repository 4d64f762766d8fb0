import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateDatasets } from "@tandem/datasets";
import type { Database } from "@tandem/db";
import {
  freePort,
  type RunningProcess,
  startProcess,
  waitForReady,
} from "../test/support/processes";
import {
  createTestDatabase,
  createTestRedis,
  TEST_DATA_SEED,
  TEST_SECRETS,
} from "../test/support/services";

export interface ProdStack {
  baseUrl: string;
  /** The stack's database, for a scene only an operator could set (e.g. an answer fix). */
  db: Database;
  /** Starts a scoring worker (the gateway alone only queues). */
  startWorker(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Production mode with the scoring worker under the test's control: the gateway on real Postgres
 * and Redis (databases of their own) serving the built web app, and workers only when asked, so a
 * test can watch a submission wait in the queue and then get scored.
 */
export async function startProdStack(env: Record<string, string> = {}): Promise<ProdStack> {
  const database = await createTestDatabase();
  const redis = await createTestRedis();
  const dir = await mkdtemp(join(tmpdir(), "tandem-e2e-prod-"));
  const staticDir = join(dir, "static");
  const processes: RunningProcess[] = [];
  const shared = {
    ...TEST_SECRETS,
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: redis.prefix,
    DATA_DIR: dir,
    STATIC_DIR: staticDir,
    DATA_SEED: TEST_DATA_SEED,
    LOG_LEVEL: "warn",
    ...env,
  };
  const stop = async () => {
    await Promise.all(processes.map((child) => child.stop()));
    await redis.cleanup();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await generateDatasets({
      db: database.handle.db,
      staticDir,
      seed: TEST_DATA_SEED,
      scale: Number(env.DATA_SCALE ?? 0.002),
    });
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const gateway = startProcess("services/gateway/src/server.ts", {
      ...shared,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
    });
    processes.push(gateway);
    await waitForReady(`${baseUrl}/api/ready`, gateway);
    return {
      baseUrl,
      db: database.handle.db,
      async startWorker() {
        processes.push(startProcess("workers/scoring/src/main.ts", shared));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
