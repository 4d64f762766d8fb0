import type { CompetitionDefinition, LeaderboardVisibility } from "@tandem/competition";
import { errorEnvelopeSchema } from "@tandem/contracts";
import type { User } from "@tandem/db";
import { sessions } from "@tandem/db";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRedis } from "../../../test/support/services";
import { createSessionReads, type SessionRead } from "../src/lib/session-reads";
import { adminAuth, buildTestApp, createTeam, newMember, signUp, type TestApp } from "./helper";

/*
 * Issue 36: the leaderboards check a session against Postgres at most once per
 * SESSION_READ_CACHE_MS (ADR 0023). Revocations made through a gateway take effect on the next
 * read (here and, through Redis, in every gateway); any other waits out the TTL, the stated bound.
 */

const BOARDS = ["/api/leaderboard", "/api/leaderboard/domain/food"];

/** Counts the queries the app sends to Postgres that name `table`. */
function countQueries(t: TestApp) {
  const pool = (t.database.handle.db as unknown as { $client: pg.Pool }).$client;
  const counts = new Map<string, number>();
  const original = pool.query.bind(pool);
  pool.query = ((config: string | { text: string }, ...rest: unknown[]) => {
    const text = typeof config === "string" ? config : config.text;
    for (const table of text.matchAll(/from "(\w+)"|join "(\w+)"/g)) {
      const name = table[1] ?? table[2]!;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return (original as (...args: unknown[]) => unknown)(config, ...rest);
  }) as typeof pool.query;
  return {
    of: (table: string) => counts.get(table) ?? 0,
    reset: () => counts.clear(),
    restore: () => {
      pool.query = original as typeof pool.query;
    },
  };
}

async function setVisibility(t: TestApp, admin: Record<string, string>, to: LeaderboardVisibility) {
  const current = await t.app.inject({ url: "/api/admin/competition", headers: admin });
  const { version, definition } = current.json() as {
    version: number;
    definition: CompetitionDefinition;
  };
  const response = await t.app.inject({
    method: "PUT",
    url: "/api/admin/competition",
    headers: admin,
    payload: {
      version,
      definition: { ...definition, leaderboard_visibility: to },
      rescore: false,
      dry_run: false,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Status and error code of every board read with `headers`, as one list. */
async function readBoards(t: TestApp, headers: Record<string, string>) {
  const answers: [number, string | null][] = [];
  for (const url of BOARDS) {
    const response = await t.app.inject({ url, headers });
    answers.push([
      response.statusCode,
      response.statusCode === 200 ? null : errorEnvelopeSchema.parse(response.json()).code,
    ]);
  }
  return answers;
}
const ok = BOARDS.map(() => [200, null]);
const refused = (status: number, code: string) => BOARDS.map(() => [status, code]);

async function signIn(t: TestApp, email: string, password = "secret-pass") {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/login-verification",
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${(response.json() as { token: string }).token}` };
}

describe("through the gateway (TTL 60 s: a revocation does not wait for it)", () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp({ SESSION_READ_CACHE_MS: "60000" });
    admin = await adminAuth(t.app);
  });
  afterAll(async () => t?.close());

  it("reads the sessions table once for many leaderboard reads within the TTL", async () => {
    await setVisibility(t, admin, "participants");
    const member = await newMember(t.app, "reader");
    await createTeam(t.app, member, "readers");
    const queries = countQueries(t);
    try {
      expect(await readBoards(t, member.auth)).toEqual(ok);
      expect(queries.of("sessions")).toBe(1);
      expect(queries.of("team_members")).toBe(1);
      queries.reset();
      for (let i = 0; i < 10; i++) expect(await readBoards(t, member.auth)).toEqual(ok);
      expect(queries.of("sessions")).toBe(0);
      expect(queries.of("team_members")).toBe(0);
      // The counting sees them where they happen: the team page reads the session each time.
      await t.app.inject({ url: "/api/teams", headers: member.auth });
      await t.app.inject({ url: "/api/teams", headers: member.auth });
      expect(queries.of("sessions")).toBe(2);
      // The private preview is an organizer's page: Postgres every time.
      queries.reset();
      await readBoards(t, admin);
      expect(queries.of("sessions")).toBe(1);
      for (let i = 0; i < 3; i++)
        await t.app.inject({ url: "/api/leaderboard?standings=private", headers: admin });
      expect(queries.of("sessions")).toBe(4);
    } finally {
      queries.restore();
    }
  });

  it("refuses a signed-out session on the next read", async () => {
    const member = await newMember(t.app, "leaver");
    await createTeam(t.app, member, "sign-outs");
    expect(await readBoards(t, member.auth)).toEqual(ok);
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: member.auth });
    expect(out.statusCode).toBe(200);
    expect(await readBoards(t, member.auth)).toEqual(refused(401, "auth.required"));
  });

  it("refuses every session of a user who signed out everywhere", async () => {
    const email = `everywhere-${Date.now()}@example.org`;
    const member = await signUp(t.app, email);
    await createTeam(t.app, member, "everywhere");
    const other = await signIn(t, email);
    expect(await readBoards(t, member.auth)).toEqual(ok);
    expect(await readBoards(t, other)).toEqual(ok);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/logout-everywhere",
      headers: other,
    });
    expect(out.statusCode).toBe(200);
    expect(await readBoards(t, member.auth)).toEqual(refused(401, "auth.required"));
    expect(await readBoards(t, other)).toEqual(refused(401, "auth.required"));
  });

  it("refuses a disabled account", async () => {
    const member = await newMember(t.app, "disabled");
    await createTeam(t.app, member, "disabled");
    expect(await readBoards(t, member.auth)).toEqual(ok);
    const off = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${member.userId}/disable`,
      headers: admin,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await readBoards(t, member.auth)).toEqual(refused(401, "auth.required"));
  });

  it("refuses a member who left the team, and one the owner removed", async () => {
    const owner = await newMember(t.app, "owner");
    const team = await createTeam(t.app, owner, "left-behind");
    const [leaver, removed] = [await newMember(t.app, "goer"), await newMember(t.app, "gone")];
    for (const person of [leaver, removed]) {
      const joined = await t.app.inject({
        method: "POST",
        url: "/api/teams/join",
        headers: person.auth,
        payload: { team_id: team.invite_code },
      });
      expect(joined.statusCode, joined.body).toBe(200);
      expect(await readBoards(t, person.auth)).toEqual(ok);
    }
    const left = await t.app.inject({
      method: "POST",
      url: "/api/teams/leave",
      headers: leaver.auth,
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await readBoards(t, leaver.auth)).toEqual(refused(403, "team.not_member"));
    const out = await t.app.inject({
      method: "POST",
      url: "/api/teams/remove-member",
      headers: owner.auth,
      payload: { user_id: removed.userId },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(await readBoards(t, removed.auth)).toEqual(refused(403, "team.not_member"));
    expect(await readBoards(t, owner.auth)).toEqual(ok);
  });

  it("refuses a demoted organizer under `organizers`", async () => {
    await setVisibility(t, admin, "organizers");
    const organizer = await newMember(t.app, "organizer");
    const grant = (admin_access: boolean) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/users/${organizer.userId}/admin`,
        headers: admin,
        payload: { admin_access },
      });
    expect(await readBoards(t, organizer.auth)).toEqual(refused(403, "auth.admin_required"));
    expect((await grant(true)).statusCode).toBe(200);
    expect(await readBoards(t, organizer.auth)).toEqual(ok);
    expect((await grant(false)).statusCode).toBe(200);
    expect(await readBoards(t, organizer.auth)).toEqual(refused(403, "auth.admin_required"));
  });
});

describe("a revocation no gateway hears of (made in the database): refused after the TTL", () => {
  const TTL_MS = 300;
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ SESSION_READ_CACHE_MS: String(TTL_MS) });
    await setVisibility(t, await adminAuth(t.app), "participants");
  });
  afterAll(async () => t?.close());

  it("refuses the session once the bound has passed", async () => {
    const member = await newMember(t.app, "quiet");
    await createTeam(t.app, member, "quiet");
    expect(await readBoards(t, member.auth)).toEqual(ok);
    await t.database.handle.db.delete(sessions).where(eq(sessions.userId, member.userId));
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
    expect(await readBoards(t, member.auth)).toEqual(refused(401, "auth.required"));
  });
});

describe("the cache itself", () => {
  const user = { id: "u1", adminAccess: false } as User;
  const loader = () => {
    let loads = 0;
    return {
      load: async (): Promise<SessionRead | undefined> => {
        loads++;
        return { user };
      },
      loads: () => loads,
    };
  };

  it("believes a session for exactly the TTL after its read started", async () => {
    let clock = 1000;
    const reads = createSessionReads({ ttlMs: 5000, now: () => clock });
    const source = loader();
    await reads.get("s1", "u1", source.load);
    clock += 4999;
    await reads.get("s1", "u1", source.load);
    expect(source.loads()).toBe(1);
    clock += 1;
    await reads.get("s1", "u1", source.load);
    expect(source.loads()).toBe(2);
    // A token naming another user for the same sid is never answered from the cache.
    await reads.get("s1", "u2", source.load);
    expect(source.loads()).toBe(3);
    await reads.close();
  });

  it("keeps no refused session, and no read that a forgetting overtook", async () => {
    const reads = createSessionReads({ ttlMs: 60_000 });
    let loads = 0;
    await reads.get("gone", "u1", async () => {
      loads++;
      return undefined;
    });
    await reads.get("gone", "u1", async () => {
      loads++;
      return undefined;
    });
    expect(loads).toBe(2);
    let release: () => void = () => {};
    const slow = reads.get("s2", "u1", async () => {
      loads++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { user };
    });
    reads.forgetUser("u1");
    release();
    await slow;
    const source = loader();
    await reads.get("s2", "u1", source.load);
    expect(source.loads()).toBe(1);
    await reads.close();
  });

  it("shares one load between concurrent misses", async () => {
    const reads = createSessionReads({ ttlMs: 60_000 });
    const source = loader();
    await Promise.all(Array.from({ length: 20 }, () => reads.get("s3", "u1", source.load)));
    expect(source.loads()).toBe(1);
    await reads.close();
  });

  it("forgets in every gateway what one of them forgets (Redis pub/sub)", async () => {
    const redis = await createTestRedis();
    const connections = [new Redis(redis.url), new Redis(redis.url)];
    const channel = `${redis.prefix}:session-reads`;
    const [a, b] = connections.map((connection) =>
      createSessionReads({ ttlMs: 60_000, redis: connection, channel }),
    );
    try {
      const source = loader();
      // Let both subscriptions settle (a subscribed client answers PING with a pong array).
      await new Promise((resolve) => setTimeout(resolve, 200));
      await b!.get("s4", "u9", source.load);
      await b!.get("s5", "u8", source.load);
      expect(source.loads()).toBe(2);
      a!.forgetUser("u9");
      a!.forgetSession("s5");
      const deadline = Date.now() + 5000;
      let loads = source.loads();
      while (Date.now() < deadline && loads < 4) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await b!.get("s4", "u9", source.load);
        await b!.get("s5", "u8", source.load);
        loads = source.loads();
      }
      expect(loads).toBe(4);
    } finally {
      await a!.close();
      await b!.close();
      for (const connection of connections) connection.disconnect();
      await redis.cleanup();
    }
  });
});
