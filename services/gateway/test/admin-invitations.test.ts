import { adminInvitations, auditLog, users } from "@tandem/db";
import { eq, like, or } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAdmin } from "../src/bootstrap-admin";
import { sha256 } from "../src/lib/secret-tokens";
import { ADMIN, adminAuth, buildTestApp, newMember, type TestApp } from "./helper";

// Issue 31, finding 9: "The organizer code is a shared secret that makes unlimited admins: let
// organizers also issue personal, single-use invitation codes from the console, accepted in the
// same registration field beside ORGANIZER_CODE (which stays, as the spec's fixed value, and can
// be turned off), and show who holds admin rights, since when and by which code."

const ORGANIZER_CODE = "let-me-organize-the-competition";

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
let people = 0;

function organizerSignup(code: string, email = `organizer-${++people}-${Date.now()}@example.org`) {
  return inject({
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
      adminPassword: code,
      rememberMe: false,
    },
  });
}

async function invite(label = "", days?: number) {
  const response = await inject({
    method: "POST",
    url: "/api/admin/invitations",
    headers: admin,
    payload: { label, ...(days ? { expires_in_days: days } : {}) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { code: string; invitation: { id: string; state: string } };
}

const verify = (code: string) =>
  inject({ method: "POST", url: "/api/organizer-code/verify", payload: { adminPassword: code } });

describe("personal organizer invitations", () => {
  it("an invitation makes exactly one admin: a second sign-up with the same code is refused like a wrong code", async () => {
    const { code, invitation } = await invite("Grace, co-organizer");
    expect(invitation.state).toBe("open");
    expect((await verify(code)).json()).toEqual({ valid: true });
    // Only the hash is stored, and the list never shows the code again.
    const [row] = await db()
      .select()
      .from(adminInvitations)
      .where(eq(adminInvitations.id, invitation.id));
    expect(row!.codeHash).toBe(sha256(code));
    expect(JSON.stringify(row)).not.toContain(code);
    const list = await inject({ url: "/api/admin/invitations", headers: admin });
    expect(list.body).not.toContain(code);

    const first = await organizerSignup(code);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().user.admin_access).toBe(true);
    const second = await organizerSignup(code);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({
      code: "auth.organizer_code_invalid",
      error: "Invalid admin password",
    });
    expect((await verify(code)).json()).toEqual({ valid: false });

    const listed = (await inject({ url: "/api/admin/invitations", headers: admin })).json()
      .invitations as { id: string; state: string; used_by_email: string }[];
    expect(listed.find((i) => i.id === invitation.id)).toMatchObject({
      state: "used",
      used_by_email: first.json().user.email,
    });
  });

  it("two concurrent sign-ups with one invitation: only one becomes admin", async () => {
    const { code, invitation } = await invite("race");
    const emails = [`race-a-${Date.now()}@example.org`, `race-b-${Date.now()}@example.org`];
    const answers = await Promise.all(emails.map((email) => organizerSignup(code, email)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 400]);
    const winner = answers.find((a) => a.statusCode === 201)!.json().user;
    const [row] = await db()
      .select()
      .from(adminInvitations)
      .where(eq(adminInvitations.id, invitation.id));
    expect(row!.usedBy).toBe(winner.id);
    // The refused sign-up made no account at all.
    const loser = emails[answers.findIndex((a) => a.statusCode === 400)]!;
    expect(await db().select().from(users).where(eq(users.email, loser))).toEqual([]);
  });

  it("refuses a revoked or expired invitation, and a sign-up refused for its address leaves the invitation usable", async () => {
    const revoked = await invite("changed my mind");
    const revoke = await inject({
      method: "POST",
      url: `/api/admin/invitations/${revoked.invitation.id}/revoke`,
      headers: admin,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ changed: true, invitation: { state: "revoked" } });
    expect((await organizerSignup(revoked.code)).statusCode).toBe(400);

    const expired = await invite("too late");
    await db()
      .update(adminInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminInvitations.id, expired.invitation.id));
    expect((await verify(expired.code)).json()).toEqual({ valid: false });
    expect((await organizerSignup(expired.code)).statusCode).toBe(400);

    const kept = await invite("taken address");
    const taken = await organizerSignup(kept.code, ADMIN.email);
    expect(taken.statusCode).toBe(409);
    expect((await verify(kept.code)).json()).toEqual({ valid: true });
    expect((await organizerSignup(kept.code)).statusCode).toBe(201);
  });

  it("records making, using and revoking an invitation, never the code", async () => {
    const { code, invitation } = await invite("audited");
    await organizerSignup(code);
    const other = await invite("audited, revoked");
    await inject({
      method: "POST",
      url: `/api/admin/invitations/${other.invitation.id}/revoke`,
      headers: admin,
    });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.targetId, invitation.id), eq(auditLog.targetId, other.invitation.id)));
    expect(entries.map((e) => e.action).sort()).toEqual([
      "admin_invitation.create",
      "admin_invitation.create",
      "admin_invitation.revoke",
      "admin_invitation.use",
    ]);
    const all = JSON.stringify(await db().select().from(auditLog));
    expect(all).not.toContain(code);
    expect(all).not.toContain(other.code);
    expect(all).not.toContain(ORGANIZER_CODE);
  });

  it("refuses a bad expiry with a clear 400 and an unknown invitation with a 404", async () => {
    const bad = await inject({
      method: "POST",
      url: "/api/admin/invitations",
      headers: admin,
      payload: { expires_in_days: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/at least 1 day/);
    const missing = await inject({
      method: "POST",
      url: "/api/admin/invitations/00000000-0000-4000-8000-000000000000/revoke",
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("admin.invitation_not_found");
  });
});

describe("who holds admin rights", () => {
  it("lists every admin with since when and through which code", async () => {
    const viaCode = await organizerSignup(ORGANIZER_CODE);
    const { code, invitation } = await invite("Barbara");
    const viaInvitation = await organizerSignup(code);
    const promoted = await newMember(t.app, "promoted");
    await inject({
      method: "POST",
      url: `/api/admin/users/${promoted.userId}/admin`,
      headers: admin,
      payload: { admin_access: true },
    });
    const operatorMade = await newMember(t.app, "operator-made");
    const operatorEmail = (
      await db().select().from(users).where(eq(users.id, operatorMade.userId))
    )[0]!.email;
    await grantAdmin(db(), operatorEmail);

    const response = await inject({ url: "/api/admin/admins", headers: admin });
    expect(response.statusCode).toBe(200);
    const admins = response.json().admins as {
      id: string;
      email: string;
      via: string;
      admin_since: string | null;
      invitation: { id: string; label: string } | null;
      granted_by_email: string | null;
    }[];
    const byId = (id: string) => admins.find((a) => a.id === id);
    expect(byId(viaCode.json().user.id)).toMatchObject({ via: "organizer_code" });
    expect(byId(viaInvitation.json().user.id)).toMatchObject({
      via: "invitation",
      invitation: { id: invitation.id, label: "Barbara" },
    });
    expect(byId(promoted.userId)).toMatchObject({
      via: "console",
      granted_by_email: ADMIN.email,
    });
    expect(byId(operatorMade.userId)).toMatchObject({ via: "cli" });
    expect(admins.find((a) => a.email === ADMIN.email)).toMatchObject({ via: "bootstrap" });
    expect(admins.filter((a) => a.via !== "unknown").every((a) => a.admin_since !== null)).toBe(
      true,
    );

    // Withdrawn rights leave the list (the audit log keeps the history).
    await inject({
      method: "POST",
      url: `/api/admin/users/${promoted.userId}/admin`,
      headers: admin,
      payload: { admin_access: false },
    });
    const after = (await inject({ url: "/api/admin/admins", headers: admin })).json().admins as {
      id: string;
    }[];
    expect(after.some((a) => a.id === promoted.userId)).toBe(false);
    const grants = await db()
      .select()
      .from(auditLog)
      .where(like(auditLog.action, "user.admin_grant"));
    expect(grants.some((g) => g.targetId === operatorMade.userId && g.actorId === null)).toBe(true);
  });
});

describe("admins from before the record", () => {
  it("are listed as not recorded, with no date rather than a guessed one", async () => {
    // As migration 0014 leaves an admin it found: admin_via 'unknown', no admin_since.
    const legacy = await newMember(t.app, "legacy-admin");
    await db()
      .update(users)
      .set({ adminAccess: true, adminVia: "unknown", adminSince: null })
      .where(eq(users.id, legacy.userId));
    const admins = (await inject({ url: "/api/admin/admins", headers: admin })).json().admins as {
      id: string;
    }[];
    expect(admins.find((a) => a.id === legacy.userId)).toMatchObject({
      via: "unknown",
      admin_since: null,
      invitation: null,
      granted_by_email: null,
    });
  });
});

describe("turning the shared organizer code off", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp({ ORGANIZER_CODE_ENABLED: "false" });
  });
  afterAll(async () => {
    await off?.close();
  });

  it("refuses ORGANIZER_CODE with the usual answer and still accepts an invitation", async () => {
    const offAdmin = await adminAuth(off.app);
    const signup = (code: string) =>
      off.app.inject({
        method: "POST",
        url: "/api/save-user-signup",
        payload: {
          firstName: "Ada",
          lastName: "Lovelace",
          email: `off-${++people}@example.org`,
          password: "organizer-pass-1",
          isStudent: false,
          position: "Organizer",
          area: "Healthcare",
          eligible: false,
          ineligibilityType: "organizer",
          adminPassword: code,
          rememberMe: false,
        },
      });
    const refused = await signup(ORGANIZER_CODE);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("Invalid admin password");
    const made = await off.app.inject({
      method: "POST",
      url: "/api/admin/invitations",
      headers: offAdmin,
      payload: { label: "only way in" },
    });
    expect((await signup(made.json().code)).statusCode).toBe(201);
    const listed = await off.app.inject({ url: "/api/admin/invitations", headers: offAdmin });
    expect(listed.json().organizer_code_enabled).toBe(false);
  });
});
