import { randomUUID } from "node:crypto";
import { auditLog, submissions, teams } from "@tandem/db";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../src/lib/audit";
import {
  adminAuth,
  buildTestApp,
  createTeam,
  newMember,
  type Route,
  routesOf,
  type TestApp,
} from "./helper";

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAuth(t.app);
});
afterAll(async () => {
  await t?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const db = () => t.database.handle.db;

/**
 * The organizers' calls outside `/api/admin`: the SDK's competition start
 * (docs/product.md#site-calls). Every other organizers-only route is under `/api/admin`.
 */
const ORGANIZER_CALLS_OUTSIDE_ADMIN = ["POST /api/competition/start"];

/**
 * Every organizers-only route, read from the built app (`routesOf`): a route added later is
 * checked here without editing this file.
 */
function adminRoutes(): Route[] {
  return routesOf(t.app)
    .filter((route) => route.method !== "HEAD")
    .filter(
      (route) =>
        /^\/api\/admin(\/|$)/.test(route.url) ||
        ORGANIZER_CALLS_OUTSIDE_ADMIN.includes(`${route.method} ${route.url}`),
    );
}

/** A route as a caller would send it, with made-up ids and keys (the guard answers first). */
function request(route: Route): InjectOptions {
  return {
    method: route.method as InjectOptions["method"],
    url: route.url
      .replace(/:key\b/g, "no-such-challenge")
      .replace(/:\w+/g, () => randomUUID())
      .replace(/\*/g, "x"),
  };
}

describe("organizer auth on every console route", () => {
  it("answers 401 without a session, 403 to a participant and 401 to a disabled organizer", async () => {
    const participant = await newMember(t.app, "nosy");
    const organizer = await newMember(t.app, "soon-disabled");
    await inject({
      method: "POST",
      url: `/api/admin/users/${organizer.userId}/admin`,
      headers: admin,
      payload: { admin_access: true },
    });
    await inject({
      method: "POST",
      url: `/api/admin/users/${organizer.userId}/disable`,
      headers: admin,
    });
    const routes = adminRoutes().map(request);
    const auditBefore = await db().select({ n: sql<number>`count(*)::int` }).from(auditLog);
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const anonymous = await inject(route);
      expect(anonymous.statusCode, label).toBe(401);
      expect(anonymous.json().code, label).toBe("auth.required");
      const denied = await inject({ ...route, headers: participant.auth });
      expect(denied.statusCode, label).toBe(403);
      expect(denied.json().code, label).toBe("auth.admin_required");
      const disabled = await inject({ ...route, headers: organizer.auth });
      expect(disabled.statusCode, label).toBe(401);
    }
    // Refused requests changed nothing.
    const auditAfter = await db().select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(auditAfter[0]!.n).toBe(auditBefore[0]!.n);
    // And an organizer gets past the guard (reads only: a made-up id answers 404, a missing
    // query 400; nothing here is revealed or changed).
    for (const route of routes.filter((r) => r.method === "GET")) {
      const label = `${route.method} ${route.url}`;
      const allowed = await inject({ ...route, headers: admin });
      expect([401, 403], `${label}: ${allowed.body}`).not.toContain(allowed.statusCode);
      expect(allowed.statusCode, `${label}: ${allowed.body}`).toBeLessThan(500);
    }
  });

  it("finds the console's routes among the app's, and no route that changes the audit log", () => {
    const names = adminRoutes().map((route) => `${route.method} ${route.url}`);
    for (const wanted of [
      "GET /api/admin/overview",
      "POST /api/admin/teams/:id/disqualify",
      "POST /api/admin/users/:id/disable",
      "GET /api/admin/audit",
      "POST /api/admin/invitations",
      "PATCH /api/admin/settings",
      "POST /api/admin/competition/reveal",
      "PUT /api/admin/competition",
      "POST /api/competition/start",
    ]) {
      expect(names, wanted).toContain(wanted);
    }
    expect(names.length).toBeGreaterThan(30);
    const audit = routesOf(t.app).filter((route) => route.url.startsWith("/api/admin/audit"));
    expect(audit.map((route) => route.method).filter((m) => m !== "HEAD")).toEqual(["GET"]);
  });

  it("leaves the public routes beside the scope public", async () => {
    for (const url of [
      "/api/competition",
      "/api/competition/domains",
      "/api/config/public",
      "/api/notifications/unsubscribe?token=not-a-token",
    ]) {
      const response = await inject({ url });
      expect([401, 403], `${url}: ${response.body}`).not.toContain(response.statusCode);
    }
  });
});

describe("the organizers' API in the OpenAPI document", () => {
  it("documents every call issue 19 names, under the names it gives", async () => {
    const response = await t.app.inject({ url: "/api/docs/json" });
    const paths = (response.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        "GET /api/admin/overview",
        "GET /api/admin/teams",
        "POST /api/admin/teams/activate",
        "POST /api/admin/teams/{id}/disqualify",
        "POST /api/admin/teams/{id}/reinstate",
        "GET /api/admin/users",
        "POST /api/admin/users/{id}/admin",
        "POST /api/admin/users/{id}/disable",
        "GET /api/admin/submissions",
        "POST /api/admin/submissions/{id}/rescore",
        "POST /api/admin/challenges/{key}/rescore",
        "GET /api/admin/settings",
        "PATCH /api/admin/settings",
        "POST /api/admin/announcements",
        "GET /api/admin/exports/standings.csv",
        "GET /api/admin/exports/teams.csv",
        "GET /api/admin/exports/submissions.csv",
        "GET /api/admin/audit",
      ]),
    );
  });
});

describe("overview", () => {
  it("counts users, teams by standing, today's submissions and the queue from the database", async () => {
    const before = (await inject({ url: "/api/admin/overview", headers: admin })).json();
    expect(before.links).toEqual({
      teams: "/api/admin/teams",
      users: "/api/admin/users",
      submissions: "/api/admin/submissions",
      audit: "/api/admin/audit",
    });
    const owner = await newMember(t.app, "overview");
    const team = await createTeam<{ id: string }>(t.app, owner, `overview-${Date.now() % 100_000}`);
    const row = (status: "queued" | "failed", minutesAgo: number) => ({
      teamId: team.id,
      challengeKey: "retail-banking/1",
      status,
      predictions: Buffer.from("x"),
      payloadHash: randomUUID(),
      rowCount: 1,
      metricName: "Macro-F1",
      counted: false,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      scoredAt: status === "failed" ? new Date() : null,
    });
    // Rows written directly are never dispatched: they stay queued, as a stuck queue would.
    await db()
      .insert(submissions)
      .values([row("queued", 10), row("queued", 1), row("failed", 2)]);
    const other = await newMember(t.app, "overview-dq");
    const dq = await createTeam<{ id: string }>(
      t.app,
      other,
      `overview-dq-${Date.now() % 100_000}`,
    );
    await db()
      .update(teams)
      .set({ disqualifiedAt: new Date(), disqualificationReason: "test" })
      .where(eq(teams.id, dq.id));

    const response = await inject({ url: "/api/admin/overview", headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json();
    expect(after.users.total).toBe(before.users.total + 2);
    expect(after.teams.inactive).toBe(before.teams.inactive + 1);
    expect(after.teams.disqualified).toBe(before.teams.disqualified + 1);
    expect(after.submissions.total).toBe(before.submissions.total + 3);
    expect(after.queue.depth).toBe(before.queue.depth + 2);
    expect(after.queue.failures_last_hour).toBe(before.queue.failures_last_hour + 1);
    expect(after.queue.oldest_unscored_age_seconds).toBeGreaterThanOrEqual(590);
    expect(after.queue.oldest_unscored_age_seconds).toBeLessThan(700);
  });
});

describe("audit log", () => {
  it("answers every field newest first, filters, and pages each entry once", async () => {
    const owner = await newMember(t.app, "audited");
    const teamName = `audited-${Date.now() % 100_000}`;
    const team = await createTeam<{ id: string }>(t.app, owner, teamName);
    const since = new Date(Date.now() - 1000).toISOString();
    for (const reason of ["first", "second", "third"]) {
      const response = await inject({
        method: "POST",
        url: `/api/admin/teams/${team.id}/disqualify`,
        headers: admin,
        payload: { reason },
      });
      expect(response.statusCode).toBe(200);
    }
    const list = await inject({
      url: `/api/admin/audit?target_type=team&target_id=${team.id}&action=team.disqualify`,
      headers: admin,
    });
    expect(list.statusCode, list.body).toBe(200);
    const entries = list.json().entries;
    expect(
      entries.map(
        (e: { after: { disqualification_reason: string } }) => e.after.disqualification_reason,
      ),
    ).toEqual(["third", "second", "first"]);
    expect(entries[0]).toEqual({
      id: expect.any(String),
      actor_id: expect.any(String),
      actor_email: "admin@example.org",
      actor_name: expect.any(String),
      action: "team.disqualify",
      target_type: "team",
      target_id: team.id,
      target_name: teamName,
      before: { disqualification_reason: "second" },
      after: { disqualification_reason: "third" },
      created_at: expect.any(String),
    });
    const byActor = await inject({
      url: `/api/admin/audit?actor=ADMIN@example.org&target_id=${team.id}&since=${since}`,
      headers: admin,
    });
    expect(byActor.json().entries).toHaveLength(3);
    const byActorId = await inject({
      url: `/api/admin/audit?actor=${entries[0].actor_id}&target_id=${team.id}`,
      headers: admin,
    });
    expect(byActorId.json().entries).toHaveLength(3);
    const nobody = await inject({
      url: `/api/admin/audit?actor=someone@example.org&target_id=${team.id}`,
      headers: admin,
    });
    expect(nobody.json().entries).toEqual([]);
    const until = await inject({
      url: `/api/admin/audit?target_id=${team.id}&until=${since}`,
      headers: admin,
    });
    expect(until.json().entries).toEqual([]);

    // Entries written in one instant (one transaction's clock) still page once each.
    await db().transaction(async (tx) => {
      for (let i = 0; i < 5; i++)
        await recordAudit(
          tx,
          { id: randomUUID(), email: "batch@example.org" },
          {
            action: "export.download",
            targetType: "export",
            targetId: `batch-${i}.csv`,
          },
        );
    });
    const all = (await inject({ url: "/api/admin/audit?limit=200", headers: admin })).json()
      .entries as { id: string }[];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await inject({
        url: `/api/admin/audit?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        headers: admin,
      });
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...(page.json().entries as { id: string }[]).map((e) => e.id));
      cursor = page.json().next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
    expect(new Set(seen).size).toBe(seen.length);

    for (const url of [
      "/api/admin/audit?since=yesterday",
      "/api/admin/audit?limit=201",
      "/api/admin/audit?cursor=%7B%7D",
    ]) {
      const bad = await inject({ url, headers: admin });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().code, url).toBe("request.invalid");
    }
  });

  it("names the actor and the target as they are now, and leaves other targets unnamed", async () => {
    const person = await newMember(t.app, "audit-named");
    const disabled = await inject({
      method: "POST",
      url: `/api/admin/users/${person.userId}/disable`,
      headers: admin,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const operatorTarget = `named-${Date.now()}.csv`;
    await recordAudit(
      db(),
      { id: null, email: "operator" },
      { action: "export.download", targetType: "export", targetId: operatorTarget },
    );
    const [userEntry] = (
      await inject({ url: `/api/admin/audit?target_id=${person.userId}`, headers: admin })
    ).json().entries;
    expect(userEntry).toMatchObject({
      action: "user.disable",
      actor_email: "admin@example.org",
      actor_name: expect.stringMatching(/\S/),
      target_type: "user",
      target_id: person.userId,
      target_name: expect.stringMatching(/^audit-named-.*@example\.org$/),
    });
    const [exportEntry] = (
      await inject({ url: `/api/admin/audit?target_id=${operatorTarget}`, headers: admin })
    ).json().entries;
    expect(exportEntry).toMatchObject({ actor_name: null, target_name: null });
  });

  it("cannot be edited: the database refuses updates and deletes", async () => {
    await expect(db().update(auditLog).set({ action: "rewritten" })).rejects.toThrow();
    await expect(db().delete(auditLog)).rejects.toThrow();
  });
});
