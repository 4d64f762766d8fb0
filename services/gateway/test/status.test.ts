import { type QueueStatus, queueStatusSchema } from "@tandem/contracts";
import { type SubmissionStatus, submissions, teams } from "@tandem/db";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createStatusRepository, type QueueCounts } from "../src/modules/status/status.repository";
import { statusRoutes } from "../src/modules/status/status.routes";
import { createQueueStatusService, queueStatusOf } from "../src/modules/status/status.service";
import { buildTestApp, type TestApp } from "./helper";

/**
 * Issue 20: `GET /api/status`, the scoring queue as anyone may see it. The figures are read
 * from the database the test app uses, with rows inserted directly; the per-process cache is
 * driven by a clock the test moves, never by waiting.
 */
let t: TestApp;
let team: { id: string; name: string };
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await buildTestApp();
  const [row] = await db()
    .insert(teams)
    .values({ name: "queue-watchers-secret", apiKeyHash: "status-hash", apiKeyEncrypted: "x" })
    .returning({ id: teams.id, name: teams.name });
  team = row!;
});
afterAll(async () => t?.close());

/** A submission in `status`, made `madeAgo` and finished `finishedAgo` seconds ago (DB clock). */
async function insert(status: SubmissionStatus, madeAgo: number, finishedAgo?: number) {
  const [row] = await db()
    .insert(submissions)
    .values({
      teamId: team.id,
      challengeKey: "retail-banking/1",
      status,
      predictions: Buffer.from("x"),
      payloadHash: `status-${status}-${madeAgo}-${finishedAgo}`,
      rowCount: 1,
      metricName: "Macro-F1",
      counted: true,
      createdAt: sql`now() - ${madeAgo} * interval '1 second'`,
      scoredAt:
        finishedAgo === undefined ? null : sql`now() - ${finishedAgo} * interval '1 second'`,
    })
    .returning({ id: submissions.id });
  return row!.id;
}

/** The status routes alone over the test database, with their cache on the test's clock. */
const clock = { ms: 1_000_000 };
const apps: FastifyInstance[] = [];
async function statusApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(statusRoutes, {
    prefix: "/api",
    counts: createStatusRepository({ db: db() }).counts,
    now: () => clock.ms,
  });
  apps.push(app);
  return app;
}
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await db().delete(submissions);
});

async function read(app: FastifyInstance): Promise<QueueStatus> {
  const response = await app.inject({ method: "GET", url: "/api/status" });
  expect(response.statusCode, response.body).toBe(200);
  return queueStatusSchema.parse(response.json());
}

describe("GET /api/status", () => {
  it("answers anyone, signed in or not, that an empty queue has no wait, and lets caches keep it 2 s", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/status" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=2");
    const body = queueStatusSchema.parse(response.json());
    expect(body.queue).toEqual({
      length: 0,
      oldest_wait_seconds: null,
      scored_last_5_minutes: 0,
      estimated_wait_seconds: 0,
      busy: false,
    });
    expect(Number.isNaN(Date.parse(body.as_of))).toBe(false);
  });

  it("is in the API document, under Competition, with its response shape", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; responses?: object }>>;
    };
    const operation = doc.paths["/api/status"]?.get;
    expect(operation?.tags).toEqual(["Competition"]);
    expect(JSON.stringify(operation?.responses)).toContain("estimated_wait_seconds");
  });

  it("counts queued and scoring submissions, the oldest one's wait and the estimate from the last 5 minutes' rate", async () => {
    await insert("queued", 10);
    await insert("queued", 90);
    await insert("queued", 30);
    await insert("scoring", 200);
    // Six finished within the window, whatever their outcome...
    await insert("scored", 300, 10);
    await insert("scored", 400, 120);
    await insert("invalid", 400, 200);
    await insert("failed", 900, 250);
    await insert("scored", 600, 280);
    await insert("scored", 600, 295);
    // ...and three before it.
    await insert("scored", 900, 310);
    await insert("scored", 4000, 3600);
    await insert("invalid", 9000, 8000);

    const { queue } = await read(await statusApp());
    expect(queue.length).toBe(4);
    expect(queue.oldest_wait_seconds).toBeGreaterThanOrEqual(200);
    expect(queue.oldest_wait_seconds).toBeLessThan(260);
    expect(queue.scored_last_5_minutes).toBe(6);
    // 4 waiting at 6 per 300 s: 200 s.
    expect(queue.estimated_wait_seconds).toBe(200);
    expect(queue.busy).toBe(true);
  });

  it("has no estimate while something waits and nothing finished in the last 5 minutes", async () => {
    await insert("queued", 5);
    await insert("scored", 1000, 400);
    const { queue } = await read(await statusApp());
    expect(queue).toMatchObject({
      length: 1,
      scored_last_5_minutes: 0,
      estimated_wait_seconds: null,
      busy: false,
    });
  });

  it("names no team and no submission", async () => {
    const ids = [await insert("queued", 70), await insert("scored", 100, 20)];
    const response = await (await statusApp()).inject({ method: "GET", url: "/api/status" });
    expect(response.statusCode).toBe(200);
    for (const secret of [team.id, team.name, ...ids]) expect(response.body).not.toContain(secret);
    expect(Object.keys(response.json())).toEqual(["queue", "as_of"]);
  });

  it("answers the same within its 2 s window, then reads the queue again", async () => {
    const app = await statusApp();
    await insert("queued", 10);
    const first = await read(app);
    expect(first.queue.length).toBe(1);

    await insert("queued", 20);
    clock.ms += 1999;
    expect(await read(app)).toEqual(first);

    clock.ms += 1;
    const after = await read(app);
    expect(after.queue.length).toBe(2);
  });
});

describe("the queue status cache", () => {
  const counts = (length: number): QueueCounts => ({
    length,
    oldestWaitSeconds: length ? 30 : null,
    finishedInWindow: 10,
    asOf: new Date("2026-03-01T12:00:00.000Z"),
  });

  it("shares one read among concurrent requests", async () => {
    let release: (value: QueueCounts) => void = () => {};
    const reads = vi.fn(() => new Promise<QueueCounts>((resolve) => (release = resolve)));
    const service = createQueueStatusService({ counts: reads, now: () => 0 });
    const answers = Array.from({ length: 50 }, () => service.current());
    release(counts(3));
    const settled = await Promise.all(answers);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(new Set(settled.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(settled[0]!.queue.length).toBe(3);
  });

  it("keeps no failed read: the next request tries again", async () => {
    const reads = vi
      .fn<() => Promise<QueueCounts>>()
      .mockRejectedValueOnce(new Error("database restarting"))
      .mockResolvedValueOnce(counts(2));
    const service = createQueueStatusService({ counts: reads, now: () => 0 });
    await expect(service.current()).rejects.toThrow("database restarting");
    expect((await service.current()).queue.length).toBe(2);
    expect(reads).toHaveBeenCalledTimes(2);
  });
});

describe("busy", () => {
  const status = (length: number, oldest: number | null, finished: number) =>
    queueStatusOf({
      length,
      oldestWaitSeconds: oldest,
      finishedInWindow: finished,
      asOf: new Date(),
    }).queue;

  it("is false for a short queue that moves fast", () => {
    // 5 waiting at 300 per 5 min: 5 s.
    expect(status(5, 20, 300)).toMatchObject({ estimated_wait_seconds: 5, busy: false });
  });

  it("is true once the estimate passes a minute", () => {
    // 61 waiting at 1 per second.
    expect(status(61, 20, 300)).toMatchObject({ estimated_wait_seconds: 61, busy: true });
    expect(status(60, 20, 300)).toMatchObject({ estimated_wait_seconds: 60, busy: false });
  });

  it("is true once the oldest has waited over a minute, even with no estimate", () => {
    expect(status(1, 61, 0)).toMatchObject({ estimated_wait_seconds: null, busy: true });
    expect(status(1, 60, 0)).toMatchObject({ estimated_wait_seconds: null, busy: false });
  });
});
