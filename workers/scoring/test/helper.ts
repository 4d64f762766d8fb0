import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { gunzipSync, gzipSync } from "node:zlib";
import { generateDatasets } from "@tandem/datasets";
import {
  challengeAnswers,
  createAnswersStore,
  type Database,
  type SubmissionStatus,
  submissions,
  teams,
} from "@tandem/db";
import { createAnswersCache } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import pino from "pino";
import { SHARED_WAIT_MS } from "../../../test/support/bounds";
import {
  createTestDatabase,
  TEST_DATA_SEED,
  type TestDatabase,
} from "../../../test/support/services";
import { createSubmissionProcessor, type ProcessorDeps } from "../src/process-submission";

/** A challenge whose domain the fixture generates (numeric, scored by MAE). */
export const SCORED_CHALLENGE = "food/1";
/** A real challenge whose domain the fixture does not generate: it has no answers stored. */
export const UNANSWERED_CHALLENGE = "commerce/1";

export const silentLogger = pino({ level: "silent" });

/** A logger at `level` whose lines are kept, parsed, for tests that read the logs. */
export function captureLogger(level: pino.Level = "info") {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level }, sink), lines };
}

export interface SubmissionValues {
  csv: string;
  challengeKey?: string;
  status?: SubmissionStatus;
  counted?: boolean;
  createdAt?: Date;
  claimedAt?: Date;
  /** The aligned form intake would have stored (ADR 0021); absent: the worker parses the file. */
  aligned?: Uint8Array;
}

export interface WorkerFixture {
  db: Database;
  database: TestDatabase;
  teamId: string;
  /** The stored answers CSV of a challenge: a submission of it scores perfectly. */
  answersCsv(challengeKey: string): Promise<string>;
  insertSubmission(values: SubmissionValues): Promise<string>;
  /** Many in one statement, in the order given; their ids in that order. */
  insertSubmissions(values: SubmissionValues[]): Promise<string[]>;
  readSubmission(id: string): Promise<typeof submissions.$inferSelect>;
  close(): Promise<void>;
}

/** A migrated Postgres database of its own with one generated domain and one team. */
export async function createWorkerFixture(): Promise<WorkerFixture> {
  const database = await createTestDatabase();
  const db = database.handle.db;
  const staticDir = await mkdtemp(join(tmpdir(), "tandem-scoring-worker-"));
  await generateDatasets({ db, staticDir, seed: TEST_DATA_SEED, scale: 0.002, domains: ["food"] });
  const [team] = await db
    .insert(teams)
    .values({
      name: `team-${randomBytes(4).toString("hex")}`,
      apiKeyHash: randomBytes(32).toString("hex"),
      apiKeyEncrypted: "not-used-by-the-worker",
    })
    .returning({ id: teams.id });
  if (!team) throw new Error("team insert returned nothing");
  const teamId = team.id;

  async function insertSubmissions(values: SubmissionValues[]): Promise<string[]> {
    const rows = await db
      .insert(submissions)
      .values(
        values.map(
          ({
            csv,
            challengeKey = SCORED_CHALLENGE,
            status,
            counted,
            createdAt,
            claimedAt,
            aligned,
          }) => ({
            teamId,
            challengeKey,
            predictions: gzipSync(Buffer.from(csv, "utf8")),
            payloadHash: createHash("sha256").update(csv).digest("hex"),
            rowCount: csv.trim().split("\n").length - 1,
            metricName: "mae",
            counted: counted ?? true,
            ...(status ? { status } : {}),
            ...(createdAt ? { createdAt } : {}),
            ...(claimedAt ? { claimedAt } : {}),
            ...(aligned ? { aligned: Buffer.from(aligned) } : {}),
          }),
        ),
      )
      .returning({ id: submissions.id });
    return rows.map((row) => row.id);
  }

  return {
    db,
    database,
    teamId,
    async answersCsv(challengeKey) {
      const [row] = await db
        .select({ answers: challengeAnswers.answers })
        .from(challengeAnswers)
        .where(eq(challengeAnswers.challengeKey, challengeKey));
      if (!row) throw new Error(`no answers for ${challengeKey}`);
      return gunzipSync(row.answers).toString("utf8");
    },
    insertSubmissions,
    async insertSubmission(values) {
      const [id] = await insertSubmissions([values]);
      if (!id) throw new Error("submission insert returned nothing");
      return id;
    },
    async readSubmission(id) {
      const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
      if (!row) throw new Error(`submission ${id} not found`);
      return row;
    },
    async close() {
      await database.drop();
      await rm(staticDir, { recursive: true, force: true });
    },
  };
}

/** The processor as main.ts builds it, with answers read from the fixture's database. */
export function buildProcessor(
  fixture: WorkerFixture,
  overrides: Partial<Omit<ProcessorDeps, "db">> = {},
) {
  return createSubmissionProcessor({
    db: fixture.db,
    getAnswers: createAnswersCache(createAnswersStore({ db: fixture.db })),
    logger: silentLogger,
    ...overrides,
  });
}

/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = SHARED_WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Rewrites the value column of a numeric answers CSV (header kept). */
export function shiftValues(csv: string, by: number): string {
  const [header, ...rows] = csv.trim().split("\n");
  const shifted = rows.map((line) => {
    const cells = line.split(",");
    cells[cells.length - 1] = String(Number(cells[cells.length - 1]) + by);
    return cells.join(",");
  });
  return [header, ...shifted].join("\n");
}
