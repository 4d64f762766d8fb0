/**
 * Issue 31, finding 12: account enumeration by timing. For each route that takes an address,
 * the median answer time for an address with an account against one without, on the
 * production gateway (its own process, Postgres, Redis, SMTP to a local sink), as a ratio
 * (1.00: no difference). Forgot-password answers the same for both, so its ratio is what an
 * attacker could learn; sign-up and the SDK's register answer differently as the spec has
 * them (a session or an API key for a new address), so theirs shows only that the work matches.
 * Run: npm run bench:enumeration   (BENCH_ROUNDS requests per side, default 30)
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
import { startSmtpSink } from "../test/support/smtp-sink";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  const database = await createTestDatabase();
  const redis = await createTestRedis();
  const smtp = await startSmtpSink();
  const dir = await mkdtemp(join(tmpdir(), "tandem-bench-enum-"));
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
    SMTP_URL: smtp.url,
    // Many requests from one machine: the limits have tests of their own.
    RATE_LIMIT_AUTH_PER_IP: "100000",
    RATE_LIMIT_AUTH_PER_EMAIL: "100000",
    RATE_LIMIT_FAILURES_PER_IP: "100000",
    RATE_LIMIT_FAILURES_PER_ACCOUNT: "100000",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(`${base}/api/ready`, gateway, 120_000);
    let n = 0;
    const post = async (path: string, body: object) => {
      const started = performance.now();
      const response = await fetch(`${base}/api${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          // Each request from its own address: no per-address budget is involved.
          "x-forwarded-for": `203.0.${(++n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      return { ms: performance.now() - started, status: response.status };
    };
    const signupBody = (email: string) => ({
      firstName: "Bench",
      lastName: "Person",
      email,
      password: "bench-password",
      isStudent: false,
      position: "Analyst",
      area: "Retail",
      eligible: true,
      rememberMe: true,
    });
    const known = "known@example.org";
    const made = await post("/save-user-signup", signupBody(known));
    if (made.status !== 201) throw new Error(`sign-up failed: ${made.status}`);

    const cases: {
      name: string;
      known: () => object;
      unknown: (i: number) => object;
      path: string;
    }[] = [
      {
        name: "forgot-password",
        path: "/forgot-password",
        known: () => ({ email: known }),
        unknown: (i) => ({ email: `nobody-${i}@example.org` }),
      },
      {
        name: "sign-up (409 vs 201)",
        path: "/save-user-signup",
        known: () => signupBody(known),
        unknown: (i) => signupBody(`new-signup-${i}@example.org`),
      },
      {
        name: "SDK register (401 vs 201)",
        path: "/auth/register",
        known: () => ({
          team_name: "probe",
          email: known,
          username: "Probe",
          password: "wrong-pass",
        }),
        unknown: (i) => ({
          team_name: `probe-${i}`,
          email: `new-register-${i}@example.org`,
          username: "Probe",
          password: "wrong-pass",
        }),
      },
    ];
    console.log(`enumeration timing, ${ROUNDS} requests per side, order alternating (median ms)`);
    for (const c of cases) {
      // Warm-up (the dummy hash, JIT, connections).
      await post(c.path, c.known());
      await post(c.path, c.unknown(-1));
      const knownMs: number[] = [];
      const unknownMs: number[] = [];
      const statuses = new Set<string>();
      for (let i = 0; i < ROUNDS; i++) {
        // Alternate which goes first, and let any work after an answer (forgot-password's mail)
        // finish before the next request, so neither side pays for the other's.
        const knownFirst = i % 2 === 0;
        const first = knownFirst ? await post(c.path, c.known()) : await post(c.path, c.unknown(i));
        await new Promise((resolve) => setTimeout(resolve, 60));
        const second = knownFirst
          ? await post(c.path, c.unknown(i))
          : await post(c.path, c.known());
        await new Promise((resolve) => setTimeout(resolve, 60));
        const [a, b] = knownFirst ? [first, second] : [second, first];
        knownMs.push(a.ms);
        unknownMs.push(b.ms);
        statuses.add(`${a.status}/${b.status}`);
      }
      const k = median(knownMs);
      const u = median(unknownMs);
      console.log(
        `${c.name.padEnd(28)} known ${k.toFixed(1).padStart(7)}  unknown ${u.toFixed(1).padStart(7)}  ratio ${(k / u).toFixed(2)}  answers ${[...statuses].join(",")}`,
      );
    }
  } finally {
    await gateway.stop();
    await smtp.close();
    await redis.cleanup();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
