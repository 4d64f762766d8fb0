/**
 * Issue 31, finding 5: a burst of password checks once held every libuv thread (argon2 runs
 * there, and so do file reads) and a static file took 15 s. This measures a static file's
 * latency while a burst of wrong passwords (one per address and account, so no budget or cap
 * refuses them) is being checked, against the same file when idle, on the production gateway
 * (Postgres and Redis): once with argon2 unbounded (ARGON2_CONCURRENCY=1000, as before) and once
 * with the default bound (half the thread pool). Ratios, not times: this machine's speed varies.
 * Run: npm run bench:passwords   (BENCH_BURST checks per burst, default 60; three bursts each)
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateDatasets } from "@tandem/datasets";
import { freePort, startProcess, waitForReady } from "../test/support/processes";
import {
  createTestDatabase,
  createTestRedis,
  TEST_DATA_SEED,
  TEST_SECRETS,
} from "../test/support/services";

const BURST = Number(process.env.BENCH_BURST ?? 60);
const FILE = "/static/retail-banking/sample_submission_c1.csv";

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

async function startGateway(env: Record<string, string>) {
  const database = await createTestDatabase();
  const redis = await createTestRedis();
  const dir = await mkdtemp(join(tmpdir(), "tandem-bench-burst-"));
  const staticDir = join(dir, "static");
  await generateDatasets({ db: database.handle.db, staticDir, seed: TEST_DATA_SEED, scale: 0.002 });
  const port = await freePort();
  const gateway = startProcess("services/gateway/src/server.ts", {
    ...TEST_SECRETS,
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: redis.prefix,
    DATA_DIR: dir,
    STATIC_DIR: staticDir,
    HOST: "127.0.0.1",
    PORT: String(port),
    TRUST_PROXY: "1",
    ...env,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(`${baseUrl}/api/ready`, gateway, 120_000);
  return {
    baseUrl,
    async stop() {
      await gateway.stop();
      await redis.cleanup();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const ROUNDS = 3;

/** One burst: the file's idle median just before it, and each read while it is checked. */
async function burstRound(baseUrl: string, round: number) {
  const login = (i: number) =>
    fetch(`${baseUrl}/api/login-verification`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `198.${18 + round}.${i >> 8}.${i & 255}`,
      },
      body: JSON.stringify({ email: `burst-${round}-${i}@example.org`, password: "wrong" }),
    }).then((response) => response.status);
  const idle: number[] = [];
  for (let i = 0; i < 20; i++) idle.push(await timed(baseUrl + FILE));
  let done = false;
  const burst = Promise.all(Array.from({ length: BURST }, (_, i) => login(i + 1))).finally(() => {
    done = true;
  });
  const during: number[] = [];
  while (!done) during.push(await timed(baseUrl + FILE));
  const statuses = await burst;
  if (statuses.some((status) => status !== 401))
    throw new Error(`the burst was refused: ${statuses.join(",")}`);
  return { idle: median(idle), during };
}

async function measure(env: Record<string, string>) {
  const server = await startGateway(env);
  try {
    await timed(server.baseUrl + FILE);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++)
      rounds.push(await burstRound(server.baseUrl, round));
    return {
      worst: median(rounds.map((r) => Math.max(...r.during) / r.idle)),
      typical: median(rounds.map((r) => median(r.during) / r.idle)),
      worstMs: median(rounds.map((r) => Math.max(...r.during))),
      reads: rounds.map((r) => r.during.length).join("/"),
    };
  } finally {
    await server.stop();
  }
}

const variants: [string, Record<string, string>][] = [
  ["argon2 unbounded (before)", { ARGON2_CONCURRENCY: "1000" }],
  ["argon2 at most half the pool (after)", {}],
];
for (const [name, env] of variants) {
  const r = await measure(env);
  console.log(
    `${name}: the slowest static-file read during a burst of ${BURST} checks took ` +
      `${r.worst.toFixed(1)}x an idle read (${r.worstMs.toFixed(0)} ms), the median one ` +
      `${r.typical.toFixed(1)}x (median of ${ROUNDS} bursts; reads per burst ${r.reads})`,
  );
}
