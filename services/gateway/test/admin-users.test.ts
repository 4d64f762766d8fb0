import { randomUUID } from "node:crypto";
import { auditLog, users } from "@tandem/db";
import { desc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  adminAuth,
  buildTestApp,
  createTeam,
  newMember,
  signUp,
  type TestApp,
} from "./helper";

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
const post = (url: string, payload?: InjectOptions["payload"], headers = admin) =>
  inject({ method: "POST", url, headers, ...(payload === undefined ? {} : { payload }) });
const overview = (headers: Record<string, string>) =>
  inject({ url: "/api/admin/overview", headers });
const login = (email: string, password = "secret-pass") =>
  inject({ method: "POST", url: "/api/login-verification", payload: { email, password } });

async function lastAudit(userId: string) {
  const [entry] = await t.database.handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, userId))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return entry;
}

interface UserRow {
  id: string;
  email: string;
  admin_access: boolean;
  status: string;
  team: { id: string; name: string } | null;
}

describe("organizers' users list", () => {
  it("searches by username, e-mail or name and pages newest first, each account once", async () => {
    const ada = await signUp(t.app, `ada-${Date.now()}@example.org`);
    await t.database.handle.db
      .update(users)
      .set({ username: "Countess Lovelace", firstName: "Ada", lastName: "Byron" })
      .where(eq(users.id, ada.userId));
    const team = await createTeam<{ id: string; team_name: string }>(
      t.app,
      ada,
      `ada-${Date.now() % 100_000}`,
    );
    for (const query of ["countess", "ADA-", "ada byron"]) {
      const response = await inject({
        url: `/api/admin/users?query=${encodeURIComponent(query)}`,
        headers: admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json().users as UserRow[];
      expect(
        rows.map((row) => row.id),
        query,
      ).toContain(ada.userId);
      expect(rows.find((row) => row.id === ada.userId)?.team).toEqual({
        id: team.id,
        name: team.team_name,
      });
    }
    const none = await inject({ url: "/api/admin/users?query=%25", headers: admin });
    expect(none.json().users).toEqual([]);

    await Promise.all(Array.from({ length: 5 }, () => newMember(t.app, "pager")));
    const all = (await inject({ url: "/api/admin/users?limit=200", headers: admin })).json()
      .users as UserRow[];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await inject({
        url: `/api/admin/users?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        headers: admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      seen.push(...(response.json().users as UserRow[]).map((row) => row.id));
      cursor = response.json().next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.map((row) => row.id));
    expect(new Set(seen).size).toBe(seen.length);

    const admins = (await inject({ url: "/api/admin/users?admin=true", headers: admin })).json()
      .users as UserRow[];
    expect(admins.map((row) => row.email)).toEqual([ADMIN.email]);

    for (const url of [
      "/api/admin/users?admin=yes",
      "/api/admin/users?status=gone",
      "/api/admin/users?cursor=abc",
      "/api/admin/users?limit=-1",
    ]) {
      const bad = await inject({ url, headers: admin });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().code, url).toBe("request.invalid");
    }
  });
});

describe("admin access", () => {
  it("takes effect on the user's next request with their existing session, and is audited", async () => {
    const user = await newMember(t.app, "promoted");
    expect((await overview(user.auth)).statusCode).toBe(403);
    const granted = await post(`/api/admin/users/${user.userId}/admin`, { admin_access: true });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ changed: true, user: { admin_access: true } });
    expect((await overview(user.auth)).statusCode).toBe(200);
    expect(await lastAudit(user.userId)).toMatchObject({
      action: "user.admin_access",
      targetType: "user",
      actorId: adminId,
      before: { admin_access: false },
      after: { admin_access: true },
    });
    const revoked = await post(`/api/admin/users/${user.userId}/admin`, { admin_access: false });
    expect(revoked.json().user.admin_access).toBe(false);
    expect((await overview(user.auth)).statusCode).toBe(403);
  });

  it("an organizer cannot revoke their own admin access", async () => {
    const response = await post(`/api/admin/users/${adminId}/admin`, { admin_access: false });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("admin.self_revoke");
    expect((await overview(admin)).statusCode).toBe(200);
  });

  it("refuses bad bodies and unknown users", async () => {
    for (const payload of [{}, { admin_access: "true" }, { admin_access: null }]) {
      const bad = await post(`/api/admin/users/${adminId}/admin`, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe("request.invalid");
    }
    const missing = await post(`/api/admin/users/${randomUUID()}/admin`, { admin_access: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("admin.user_not_found");
    const badId = await post("/api/admin/users/nope/disable");
    expect(badId.statusCode).toBe(400);
  });
});

describe("disabling accounts", () => {
  it("ends the sessions at once, refuses sign-in with a clear code, and enable lets them back", async () => {
    const email = `disabled-${Date.now()}@example.org`;
    const user = await signUp(t.app, email);
    const second = (await login(email)).json().token as string;
    expect((await inject({ url: "/api/teams", headers: user.auth })).statusCode).toBe(200);

    const disabled = await post(`/api/admin/users/${user.userId}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ changed: true, user: { status: "disabled" } });
    for (const token of [user.token, second]) {
      const response = await inject({
        url: "/api/teams",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("auth.required");
    }
    const refused = await login(email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("auth.account_disabled");
    expect(refused.json().error).toMatch(/disabled by the organizers/);
    // The wrong password says nothing about the account's state.
    expect((await login(email, "wrong-password")).json().code).toBe("auth.login_invalid");
    expect(await lastAudit(user.userId)).toMatchObject({
      action: "user.disable",
      before: { status: "active" },
      after: { status: "disabled" },
    });

    const enabled = await post(`/api/admin/users/${user.userId}/enable`);
    expect(enabled.json()).toMatchObject({ changed: true, user: { status: "active" } });
    expect((await login(email)).statusCode).toBe(200);
    expect(await lastAudit(user.userId)).toMatchObject({ action: "user.enable" });
  });

  it("an organizer cannot disable themselves", async () => {
    const response = await post(`/api/admin/users/${adminId}/disable`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("admin.self_disable");
  });

  it("a disabled organizer's session is refused", async () => {
    const other = await newMember(t.app, "other-admin");
    await post(`/api/admin/users/${other.userId}/admin`, { admin_access: true });
    expect((await overview(other.auth)).statusCode).toBe(200);
    await post(`/api/admin/users/${other.userId}/disable`);
    const response = await overview(other.auth);
    expect(response.statusCode).toBe(401);
  });
});
