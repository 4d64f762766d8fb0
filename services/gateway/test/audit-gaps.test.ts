import { auditLog, users } from "@tandem/db";
import { desc, eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuth,
  buildTestApp,
  createTeam,
  endMainPhase,
  newMember,
  type TestApp,
} from "./helper";

// Issue 31, finding 9: "Audit gaps: no entry for an admin created by sign-up with the organizer
// code, activations through `POST /api/competition/start`, the reveal, the shake-up CSV download
// and `?standings=private` previews. Audit them." Each entry says who, what and on what, and
// never holds the code itself.

const ORGANIZER_CODE = "let-me-organize-the-competition";

let t: TestApp;
let admin: { authorization: string };
let adminId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAuth(t.app);
  adminId = (await t.app.inject({ url: "/api/verify-token", headers: admin })).json().user.id;
});
afterAll(async () => {
  await t?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const entries = (action: string) =>
  t.database.handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt));

describe("the audit log records what it missed", () => {
  it("records an admin made by sign-up with the organizer code, without the code", async () => {
    const email = `self-made-organizer-${Date.now()}@example.org`;
    const response = await inject({
      method: "POST",
      url: "/api/save-user-signup",
      payload: {
        firstName: "Ada",
        lastName: "Lovelace",
        email,
        password: "organizer-pass-1",
        isStudent: false,
        position: "Organizer",
        area: "Healthcare",
        eligible: false,
        ineligibilityType: "organizer",
        adminPassword: ORGANIZER_CODE,
        rememberMe: false,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const userId = response.json().user.id;
    const [entry] = (await entries("user.admin_signup")).filter((e) => e.targetId === userId);
    expect(entry).toMatchObject({
      actorId: userId,
      actorEmail: email,
      targetType: "user",
      after: { email, admin_access: true, via: "organizer_code" },
    });
    expect(JSON.stringify(entry)).not.toContain(ORGANIZER_CODE);
  });

  it("records a team activated through POST /api/competition/start", async () => {
    const owner = await newMember(t.app, "start-audit");
    const team = await createTeam(t.app, owner, `start-audit-${Date.now() % 100_000}`);
    const started = await inject({
      method: "POST",
      url: "/api/competition/start",
      headers: { ...admin, "x-team-id": team.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const recorded = (await entries("team.activate")).filter((e) => e.targetId === team.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      actorId: adminId,
      targetType: "team",
      before: { status: "inactive" },
      after: { status: "active" },
    });
    // Starting an active team again changes nothing, so it records nothing.
    await inject({
      method: "POST",
      url: "/api/competition/start",
      headers: { ...admin, "x-team-id": team.id },
    });
    expect((await entries("team.activate")).filter((e) => e.targetId === team.id)).toHaveLength(1);
  });

  it("records each ?standings=private preview, overall and by domain", async () => {
    const overall = await inject({ url: "/api/leaderboard?standings=private", headers: admin });
    expect(overall.statusCode).toBe(200);
    const domain = await inject({
      url: "/api/leaderboard/domain/healthcare?standings=private",
      headers: admin,
    });
    expect(domain.statusCode).toBe(200);
    // The public standings are what everyone sees: not an organizer's private look.
    await inject({ url: "/api/leaderboard", headers: admin });
    const recorded = await entries("leaderboard.preview_private");
    expect(recorded.map((e) => e.targetId).sort()).toEqual(["healthcare", "overall"]);
    expect(recorded.every((e) => e.actorId === adminId && e.targetType === "leaderboard")).toBe(
      true,
    );
  });

  it("records the shake-up CSV download", async () => {
    const response = await inject({ url: "/api/admin/competition/shake-up.csv", headers: admin });
    expect(response.statusCode).toBe(200);
    const recorded = (await entries("export.download")).filter(
      (e) => e.targetId === "shake-up.csv",
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ actorId: adminId, targetType: "export" });
  });

  it("records the reveal once, by whom", async () => {
    await endMainPhase(t);
    const first = await inject({
      method: "POST",
      url: "/api/admin/competition/reveal",
      headers: admin,
    });
    expect(first.statusCode, first.body).toBe(201);
    await inject({ method: "POST", url: "/api/admin/competition/reveal", headers: admin });
    const recorded = await entries("competition.reveal");
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      actorId: adminId,
      targetType: "competition",
      after: { revealed: true, revealed_at: first.json().revealed_at },
    });
  });

  it("makes no admin whose sign-up entry cannot be written: the account and its entry commit together", async () => {
    // The audit insert fails inside the sign-up, as a real fault would (NOT VALID: the entries
    // already written stay).
    const db = t.database.handle.db;
    await db.execute(
      sql`alter table audit_log add constraint audit_probe check (action <> 'user.admin_signup') not valid`,
    );
    const email = `unrecorded-organizer-${Date.now()}@example.org`;
    try {
      const response = await inject({
        method: "POST",
        url: "/api/save-user-signup",
        payload: {
          firstName: "Ada",
          lastName: "Lovelace",
          email,
          password: "organizer-pass-1",
          isStudent: false,
          position: "Organizer",
          area: "Healthcare",
          eligible: false,
          ineligibilityType: "organizer",
          adminPassword: ORGANIZER_CODE,
          rememberMe: false,
        },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table audit_log drop constraint audit_probe`);
    }
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
