import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_TEAM_MAX_MEMBERS } from "@tandem/contracts";
import { DEFAULT_DATA_DIR, dataDirOf } from "@tandem/db";
import { z } from "zod";
import { parseSigningKey } from "./modules/jupyter/hub-token";

const optional = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: optional,
  REDIS_URL: optional,
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  STATIC_DIR: optional,
  WEB_DIST_DIR: optional,
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters"),
  /** 32 bytes, base64: encrypts the copy of each team's API key shown to its members. */
  API_KEY_ENCRYPTION_KEY: z.string().refine((value) => Buffer.from(value, "base64").length === 32, {
    message: "API_KEY_ENCRYPTION_KEY must be 32 bytes, base64-encoded",
  }),
  // Anyone who knows it registers as an organizer: long enough not to be guessed.
  ORGANIZER_CODE: optional.pipe(
    z.string().min(20, "ORGANIZER_CODE must be at least 20 characters").optional(),
  ),
  /**
   * "false": the shared ORGANIZER_CODE no longer makes admins (kept configured or not); only
   * organizers' personal invitations do (docs/operations.md, Organizers).
   */
  ORGANIZER_CODE_ENABLED: z
    .enum(["true", "false", ""], { error: "ORGANIZER_CODE_ENABLED must be true or false" })
    .default("true")
    .transform((value) => value !== "false"),
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  /** Overrides of the main phase's dates (the competition definition has them otherwise). */
  COMPETITION_OPENS_AT: optional.pipe(z.iso.datetime({ offset: true }).optional()),
  COMPETITION_CLOSES_AT: optional.pipe(z.iso.datetime({ offset: true }).optional()),
  SUBMIT_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(30_000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  QUEUE_PREFIX: z.string().default("tandem"),
  /** Overrides every challenge's daily limit (the competition definition has them otherwise). */
  SUBMISSIONS_PER_DAY: optional.pipe(z.coerce.number<string | undefined>().int().min(1).optional()),
  /** Calls to /api/submit per team per rate-limit window, invalid files included. */
  RATE_LIMIT_SUBMIT_PER_TEAM: z.coerce.number().int().min(1).default(120),
  /** Threads that parse and check submitted files off the request thread. */
  SUBMISSION_PARSE_THREADS: z.coerce.number().int().min(1).max(32).default(2),
  /** Submissions read and checked at once (the rest wait unread); default twice the threads. */
  SUBMISSION_INTAKE_SLOTS: z.coerce.number().int().min(1).max(256).optional(),
  /**
   * /api/submit bodies read at once (each team reads one at a time; the rest wait unread). A body
   * takes an intake slot only once it is all in: slow clients hold places here, not slots.
   */
  SUBMISSION_BODIES_READ: z.coerce.number().int().min(1).max(1024).default(16),
  /** Longest wait for the next part of a /api/submit body: then 408 `request.timeout`. */
  SUBMIT_BODY_IDLE_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Longest time to receive a whole /api/submit body (50 MB at about 4 Mbit/s): then 408. */
  SUBMIT_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /**
   * Longest time to receive any request whole, headers and body (Node's own default; Fastify's
   * is none). /api/submit's body deadlines are shorter.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  /**
   * "true": the gateway refuses to start when its database role can read `challenge_answers`
   * (ADR 0021); otherwise it only logs the error (a single trusted role, as in tests).
   */
  REQUIRE_ANSWER_FREE_ROLE: z
    .enum(["true", "false", ""], { error: "REQUIRE_ANSWER_FREE_ROLE must be true or false" })
    .default("false")
    .transform((value) => value === "true"),
  /**
   * Port of the Prometheus `/metrics` listener, apart from PORT so that the Ingress never routes
   * to it (docs/operations.md, Metrics); 0: not served.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Its address; loopback unless the scraper is elsewhere (0.0.0.0 in a pod). */
  METRICS_HOST: z.string().default("127.0.0.1"),
  /** Most members a team may have. */
  TEAM_MAX_MEMBERS: z.coerce.number().int().min(1).max(100).default(DEFAULT_TEAM_MAX_MEMBERS),
  PUBLIC_URL: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default("Tandem <no-reply@tandem.local>"),
  /** How often each gateway looks for submission notices and digests to mail; 0: never. */
  NOTIFY_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** A submission still queued or scoring this long after it was sent gets a notice. */
  NOTIFY_DELAY_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** The daily digest (of the previous UTC day) goes out from this UTC hour on. */
  DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(7),
  GITHUB_CLIENT_ID: optional,
  GITHUB_CLIENT_SECRET: optional,
  GITHUB_AUTHORIZE_URL: z.url().default("https://github.com/login/oauth/authorize"),
  GITHUB_TOKEN_URL: z.url().default("https://github.com/login/oauth/access_token"),
  GITHUB_API_URL: z.url().default("https://api.github.com"),
  JUPYTERHUB_URL: optional,
  /** PEM Ed25519 private key that signs hub sign-in tokens; `\n` escapes allowed (env files). */
  JUPYTER_SIGNING_KEY: optional.transform((value) => value?.replace(/\\n/g, "\n")),
  DEMO_LOGIN: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60 * 1000),
  // Requests per address to the sign-up, reset and sign-in-link routes: a whole class registers
  // from one campus address at a kick-off, so this is generous; wrong secrets are limited below.
  RATE_LIMIT_AUTH_PER_IP: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_AUTH_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  /** Wrong passwords for one account from one address before each further one holds it. */
  RATE_LIMIT_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Password checks in flight from one address at once; more are told to retry (ADR 0007). */
  RATE_LIMIT_CONCURRENT_CHECKS_PER_IP: z.coerce.number().int().min(1).default(2),
  /** libuv's thread pool (Node reads it at start); argon2 gets at most half (lib/passwords.ts). */
  UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).default(4),
  /** Argon2 runs at once in this process; default half the thread pool, so files still get threads. */
  ARGON2_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  /**
   * How long a leaderboard read believes a session Postgres confirmed (ADR 0023): the bound on a
   * revocation that reaches a gateway by no other way. 0 reads Postgres on every read.
   */
  SESSION_READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  // Unknown /api and /static paths: scanners, not people (STYLE: the 404 handler is limited).
  RATE_LIMIT_NOT_FOUND_PER_IP: z.coerce.number().int().min(1).default(300),
  /**
   * Proxy hops in front of the gateway whose X-Forwarded-For entries are believed (0: none).
   * `true` means one hop: trusting every hop would let a client choose its own address.
   */
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((value, ctx) => {
      const hops = value === "true" ? 1 : value === "false" ? 0 : Number(value);
      if (Number.isInteger(hops) && hops >= 0 && hops <= 10) return hops;
      ctx.addIssue({
        code: "custom",
        message: "TRUST_PROXY must be a number of proxy hops (0-10), true (one) or false",
      });
      return z.NEVER;
    }),
});

export type AppConfig = ReturnType<typeof loadConfig>;

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** Parses the environment once at boot; nothing else reads `process.env`. */
export function loadConfig(env: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  // The hub trusts tokens signed with this key; a hub without one could not sign anyone in.
  if (e.JUPYTERHUB_URL) {
    if (!/^https?:\/\//i.test(e.JUPYTERHUB_URL)) {
      throw new Error("Invalid configuration: JUPYTERHUB_URL must be an http(s) address");
    }
    try {
      parseSigningKey(e.JUPYTER_SIGNING_KEY ?? "");
    } catch (err) {
      throw new Error(
        `Invalid configuration: JUPYTER_SIGNING_KEY (required with JUPYTERHUB_URL) ${(err as Error).message}`,
      );
    }
  }
  const dataDir = dataDirOf({ DATA_DIR: e.DATA_DIR });
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    /** Refuse to start on a database role that can read the answers (lib/answer-free-role.ts). */
    requireAnswerFreeRole: e.REQUIRE_ANSWER_FREE_ROLE,
    redisUrl: e.REDIS_URL,
    dataDir,
    staticDir: e.STATIC_DIR ? resolve(e.STATIC_DIR) : join(dataDir, "static"),
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : join(repoRoot, "web", "dist"),
    jwtSecret: e.JWT_SECRET,
    sessionReadCacheMs: e.SESSION_READ_CACHE_MS,
    apiKeyEncryptionKey: Buffer.from(e.API_KEY_ENCRYPTION_KEY, "base64"),
    /** The shared organizer code; undefined when unset or turned off (ORGANIZER_CODE_ENABLED). */
    organizerCode: e.ORGANIZER_CODE_ENABLED ? e.ORGANIZER_CODE : undefined,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    /** The environment's overrides of the main phase; absent: the definition's dates. */
    competitionWindow: {
      ...(e.COMPETITION_OPENS_AT ? { opensAt: new Date(e.COMPETITION_OPENS_AT) } : {}),
      ...(e.COMPETITION_CLOSES_AT ? { closesAt: new Date(e.COMPETITION_CLOSES_AT) } : {}),
    },
    submitWaitMs: e.SUBMIT_WAIT_MS,
    submissionsPerDay: e.SUBMISSIONS_PER_DAY,
    submitPerTeam: e.RATE_LIMIT_SUBMIT_PER_TEAM,
    submissionParseThreads: e.SUBMISSION_PARSE_THREADS,
    submissionIntakeSlots: e.SUBMISSION_INTAKE_SLOTS ?? e.SUBMISSION_PARSE_THREADS * 2,
    submissionBodiesRead: e.SUBMISSION_BODIES_READ,
    submitBodyDeadlines: { idleMs: e.SUBMIT_BODY_IDLE_MS, totalMs: e.SUBMIT_BODY_TIMEOUT_MS },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    teamMaxMembers: e.TEAM_MAX_MEMBERS,
    metrics: e.METRICS_PORT > 0 ? { host: e.METRICS_HOST, port: e.METRICS_PORT } : undefined,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    queuePrefix: e.QUEUE_PREFIX,
    trustProxy: e.TRUST_PROXY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    notifications: {
      sweepSeconds: e.NOTIFY_SWEEP_SECONDS,
      delayMinutes: e.NOTIFY_DELAY_MINUTES,
      digestHourUtc: e.DIGEST_HOUR_UTC,
    },
    github:
      e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
        ? {
            clientId: e.GITHUB_CLIENT_ID,
            clientSecret: e.GITHUB_CLIENT_SECRET,
            authorizeUrl: e.GITHUB_AUTHORIZE_URL,
            tokenUrl: e.GITHUB_TOKEN_URL,
            apiUrl: e.GITHUB_API_URL.replace(/\/$/, ""),
          }
        : undefined,
    jupyterhubUrl: e.JUPYTERHUB_URL,
    jupyterSigningKey: e.JUPYTERHUB_URL ? e.JUPYTER_SIGNING_KEY : undefined,
    demoLogin: e.DEMO_LOGIN,
    argon2Concurrency: e.ARGON2_CONCURRENCY ?? Math.max(1, Math.floor(e.UV_THREADPOOL_SIZE / 2)),
    rateLimit: {
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      authPerIp: e.RATE_LIMIT_AUTH_PER_IP,
      authPerEmail: e.RATE_LIMIT_AUTH_PER_EMAIL,
      notFoundPerIp: e.RATE_LIMIT_NOT_FOUND_PER_IP,
      failures: {
        freePerAccountAndIp: e.RATE_LIMIT_FREE_FAILURES,
        perAccount: e.RATE_LIMIT_FAILURES_PER_ACCOUNT,
        perIp: e.RATE_LIMIT_FAILURES_PER_IP,
        concurrentPerIp: e.RATE_LIMIT_CONCURRENT_CHECKS_PER_IP,
      },
    },
  };
}
