import { randomUUID } from "node:crypto";
import { auditLog, submissions, teams } from "@tandem/db";
import { desc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activeTeam,
  adminAuth,
  buildTestApp,
  createTeam,
  newMember,
  type signUp,
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
type User = Awaited<ReturnType<typeof signUp>>;
interface TeamRow {
  id: string;
  name: string;
  status: string;
  standing: string;
  disqualified: boolean;
  disqualification_reason: string | null;
  members: number;
  submissions: number;
  daily_limit: number | null;
}

let serial = 0;
/** A new participant with an inactive team of their own. */
async function teamWithOwner(prefix = "crew") {
  serial++;
  const owner = await newMember(t.app, prefix);
  const team = await createTeam<{ id: string; api_key: string; invite_code: string }>(
    t.app,
    owner,
    `${prefix}-${serial}-${Date.now() % 100_000}`,
  );
  return { owner, team };
}

const post = (url: string, payload?: InjectOptions["payload"], headers = admin) =>
  inject({ method: "POST", url, headers, ...(payload === undefined ? {} : { payload }) });

async function lastAudit(teamId: string) {
  const [entry] = await t.database.handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, teamId))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return entry;
}

async function leaderboardTeamIds(): Promise<string[]> {
  const response = await inject({ url: "/api/leaderboard", headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().leaderboard as { team_id: string }[]).map((row) => row.team_id);
}

/** Every page of the list in order, following next_cursor. */
async function walk(query: string, limit: number): Promise<TeamRow[]> {
  const rows: TeamRow[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const url = `/api/admin/teams?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
    const response = await inject({ url, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { teams: TeamRow[]; next_cursor: string | null };
    expect(body.teams.length).toBeLessThanOrEqual(limit);
    rows.push(...body.teams);
    cursor = body.next_cursor;
    if (!cursor) return rows;
  }
  throw new Error("paging did not end");
}

describe("organizers' teams list", () => {
  it("pages every team exactly once in each sort and order, ties included", async () => {
    // Several teams share a member count, a status and "no submission yet": ties on the key.
    const created = await Promise.all(Array.from({ length: 7 }, () => teamWithOwner("pager")));
    const joiner = await newMember(t.app, "pager-joiner");
    await inject({
      method: "POST",
      url: "/api/teams/join",
      headers: joiner.auth,
      payload: { team_id: created[0]!.team.invite_code },
    });
    const everything = (await walk("sort=name", 200)).map((row) => row.id);
    expect(new Set(everything).size).toBe(everything.length);
    for (const team of created) expect(everything).toContain(team.team.id);

    for (const sort of ["name", "status", "members", "submissions", "last_submission"]) {
      for (const order of ["asc", "desc"]) {
        const paged = await walk(`sort=${sort}&order=${order}`, 2);
        const whole = await walk(`sort=${sort}&order=${order}`, 200);
        expect(
          paged.map((row) => row.id),
          `${sort} ${order}`,
        ).toEqual(whole.map((r) => r.id));
        expect(new Set(paged.map((row) => row.id))).toEqual(new Set(everything));
      }
    }
    const byMembers = await walk("sort=members&order=desc", 3);
    expect(byMembers[0]).toMatchObject({ id: created[0]!.team.id, members: 2 });
    const counts = byMembers.map((row) => row.members);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("searches names case-insensitively and filters by standing", async () => {
    const { team } = await teamWithOwner("needle");
    const found = await inject({ url: "/api/admin/teams?query=NEEDLE", headers: admin });
    expect(found.statusCode).toBe(200);
    const names = (found.json().teams as TeamRow[]).map((row) => row.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain("needle");
    expect((found.json().teams as TeamRow[]).some((row) => row.id === team.id)).toBe(true);

    const inactive = await inject({ url: "/api/admin/teams?status=inactive", headers: admin });
    const rows = inactive.json().teams as TeamRow[];
    expect(rows.some((row) => row.id === team.id)).toBe(true);
    expect(rows.every((row) => row.standing === "inactive")).toBe(true);
    const active = await inject({ url: "/api/admin/teams?status=active", headers: admin });
    expect((active.json().teams as TeamRow[]).some((row) => row.id === team.id)).toBe(false);
  });

  it("refuses bad queries and foreign cursors with 400 and a code", async () => {
    for (const url of [
      "/api/admin/teams?sort=age",
      "/api/admin/teams?limit=0",
      "/api/admin/teams?limit=1000",
      "/api/admin/teams?status=banned",
      "/api/admin/teams?cursor=not-a-cursor",
      "/api/admin/teams/not-a-uuid",
    ]) {
      const response = await inject({ url, headers: admin });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code, url).toBe("request.invalid");
    }
    const first = await inject({ url: "/api/admin/teams?sort=members&limit=1", headers: admin });
    const cursor = first.json().next_cursor as string;
    expect(cursor).toBeTruthy();
    const misplaced = await inject({
      url: `/api/admin/teams?sort=name&limit=1&cursor=${cursor}`,
      headers: admin,
    });
    expect(misplaced.statusCode).toBe(400);
    expect(misplaced.json().code).toBe("request.invalid");
  });

  it("answers a team's detail with members, per-challenge results and latest submissions", async () => {
    const { owner, team } = await teamWithOwner("detail");
    const response = await inject({ url: `/api/admin/teams/${team.id}`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ id: team.id, status: "inactive", members: 1, submissions: 0 });
    expect(detail.team_members).toEqual([
      expect.objectContaining({ id: owner.userId, role: "creator" }),
    ]);
    expect(detail.challenges.length).toBeGreaterThan(10);
    expect(detail.challenges[0]).toMatchObject({ submissions: 0, best_public_score: null });
    expect(detail.latest_submissions).toEqual([]);
    expect(JSON.stringify(detail)).not.toContain(team.api_key);

    const missing = await inject({ url: `/api/admin/teams/${randomUUID()}`, headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("team.not_found");
  });
});

describe("organizers' team actions", () => {
  it("activates three teams at once, answering per id, and audits each", async () => {
    const three = await Promise.all([teamWithOwner(), teamWithOwner(), teamWithOwner()]);
    const already = await activeTeam(t.app, `already-${Date.now() % 100_000}`);
    const unknown = randomUUID();
    const ids = [...three.map((x) => x.team.id), already.id, unknown];
    const response = await post("/api/admin/teams/activate", { team_ids: ids });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      ...three.map((x) => ({ team_id: x.team.id, outcome: "activated" })),
      { team_id: already.id, outcome: "already_active" },
      { team_id: unknown, outcome: "not_found" },
    ]);
    for (const { team } of three) {
      const entry = await lastAudit(team.id);
      expect(entry).toMatchObject({
        action: "team.activate",
        targetType: "team",
        actorEmail: "admin@example.org",
        before: { status: "inactive" },
        after: { status: "active" },
      });
    }
    // Activated teams are ranked at once.
    const ranked = await leaderboardTeamIds();
    for (const { team } of three) expect(ranked).toContain(team.id);

    // 500 ids fit (the body is over the app's default limit); 501 are refused.
    const most = Array.from({ length: 500 }, () => randomUUID());
    const full = await post("/api/admin/teams/activate", { team_ids: most });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().results).toHaveLength(500);
    for (const payload of [
      { team_ids: [] },
      { team_ids: ["x"] },
      {},
      { team_ids: [...most, randomUUID()] },
    ]) {
      const bad = await post("/api/admin/teams/activate", payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe("request.invalid");
    }
  });

  it("disqualify hides the team from the leaderboard, its dashboard says why, reinstate brings it back", async () => {
    const owner = await newMember(t.app, "cheat");
    const name = `cheaters-${Date.now() % 100_000}`;
    const team = await createTeam<{ id: string; api_key: string }>(t.app, owner, name);
    await post("/api/admin/teams/activate", { team_ids: [team.id] });
    expect(await leaderboardTeamIds()).toContain(team.id);
    const submit = () =>
      inject({
        method: "POST",
        url: "/api/submit",
        headers: { "x-api-key": team.api_key },
        payload: { domain_name: "Retail Banking", task_number: 1, predictions_csv: "x\n1\n" },
      });

    const reason = "Shared predictions with another team.";
    const disqualified = await post(`/api/admin/teams/${team.id}/disqualify`, { reason });
    expect(disqualified.statusCode, disqualified.body).toBe(200);
    expect(disqualified.json()).toMatchObject({
      changed: true,
      team: { standing: "disqualified", disqualified: true, disqualification_reason: reason },
    });
    expect(await leaderboardTeamIds()).not.toContain(team.id);
    // It cannot submit, and is told why; nothing is stored.
    const refused = await submit();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "team.disqualified" });
    expect(refused.json().error).toContain(reason);
    const stored = await t.database.handle.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.teamId, team.id));
    expect(stored).toEqual([]);
    const own = await inject({ url: "/api/teams", headers: owner.auth });
    expect(own.json().teams[0]).toMatchObject({
      disqualified: true,
      disqualification_reason: reason,
    });
    const entry = await lastAudit(team.id);
    expect(entry).toMatchObject({
      action: "team.disqualify",
      before: { disqualified_at: null, disqualification_reason: null },
      after: { disqualification_reason: reason },
    });
    expect(entry!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Kept for the record: the row is still there.
    const [row] = await t.database.handle.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row?.disqualifiedAt).toBeInstanceOf(Date);

    const reinstated = await post(`/api/admin/teams/${team.id}/reinstate`);
    expect(reinstated.json()).toMatchObject({ changed: true, team: { standing: "active" } });
    expect(await leaderboardTeamIds()).toContain(team.id);
    expect((await submit()).json().code).toBe("submission.invalid");
    expect(
      (await inject({ url: "/api/teams", headers: owner.auth })).json().teams[0],
    ).toMatchObject({ disqualified: false, disqualification_reason: null });
    expect(await lastAudit(team.id)).toMatchObject({
      action: "team.reinstate",
      after: { disqualified_at: null, disqualification_reason: null },
    });
    const again = await post(`/api/admin/teams/${team.id}/reinstate`);
    expect(again.json().changed).toBe(false);

    for (const payload of [{}, { reason: "" }, { reason: "   " }, { reason: "x".repeat(501) }]) {
      const bad = await post(`/api/admin/teams/${team.id}/disqualify`, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe("request.invalid");
    }
    const missing = await post(`/api/admin/teams/${randomUUID()}/disqualify`, { reason });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("team.not_found");
  });

  it("deactivates a team: it leaves the rankings and is audited", async () => {
    const team = await activeTeam(t.app, `sleepy-${Date.now() % 100_000}`);
    expect(await leaderboardTeamIds()).toContain(team.id);
    const response = await post(`/api/admin/teams/${team.id}/deactivate`);
    expect(response.json()).toMatchObject({ changed: true, team: { status: "inactive" } });
    expect(await leaderboardTeamIds()).not.toContain(team.id);
    expect(await lastAudit(team.id)).toMatchObject({
      action: "team.deactivate",
      before: { status: "active" },
      after: { status: "inactive" },
    });
    expect((await post(`/api/admin/teams/${team.id}/deactivate`)).json().changed).toBe(false);
  });

  it("sets and clears a team's own daily limit", async () => {
    const { team } = await teamWithOwner("limited");
    const patch = (payload: InjectOptions["payload"]) =>
      inject({ method: "PATCH", url: `/api/admin/teams/${team.id}`, headers: admin, payload });
    const set = await patch({ daily_limit: 25 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ changed: true, team: { daily_limit: 25 } });
    expect(await lastAudit(team.id)).toMatchObject({
      action: "team.daily_limit",
      before: { daily_limit: null },
      after: { daily_limit: 25 },
    });
    const cleared = await patch({ daily_limit: null });
    expect(cleared.json()).toMatchObject({ changed: true, team: { daily_limit: null } });
    for (const payload of [
      {},
      { daily_limit: 0 },
      { daily_limit: 10_001 },
      { daily_limit: 1.5 },
      { daily_limit: "5" },
    ]) {
      const bad = await patch(payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().code).toBe("request.invalid");
    }
  });

  it("rotates a team's key without answering it; the members see the new one, the audit does not", async () => {
    const { owner, team } = await teamWithOwner("rotated");
    const response = await post(`/api/admin/teams/${team.id}/rotate-key`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toMatch(/tdm_/);
    const own = (await inject({ url: "/api/teams", headers: owner.auth })).json().teams[0];
    expect(own.api_key).not.toBe(team.api_key);
    const oldKey = await inject({
      method: "POST",
      url: "/api/auth/verify",
      headers: { "x-api-key": team.api_key },
    });
    expect(oldKey.statusCode).toBe(401);
    const entry = await lastAudit(team.id);
    expect(entry).toMatchObject({ action: "team.rotate_key", targetId: team.id });
    expect(JSON.stringify(entry)).not.toContain(own.api_key);
  });

  it("removes a member: the team gets a new key and invite code; the last member ends the team", async () => {
    const { owner, team } = await teamWithOwner("removal");
    const other: User = await newMember(t.app, "removal-member");
    await inject({
      method: "POST",
      url: "/api/teams/join",
      headers: other.auth,
      payload: { team_id: team.invite_code },
    });
    const removeOwner = await inject({
      method: "DELETE",
      url: `/api/admin/teams/${team.id}/members/${owner.userId}`,
      headers: admin,
    });
    expect(removeOwner.statusCode, removeOwner.body).toBe(200);
    expect(removeOwner.json()).toEqual({ team_id: team.id, user_id: owner.userId, ended: null });
    const left = (await inject({ url: "/api/teams", headers: other.auth })).json().teams[0];
    expect(left).toMatchObject({ user_role: "owner", member_count: 1 });
    expect(left.api_key).not.toBe(team.api_key);
    expect(left.invite_code).not.toBe(team.invite_code);
    expect(await lastAudit(team.id)).toMatchObject({
      action: "team.remove_member",
      before: { user_id: owner.userId, role: "creator" },
      after: { ended: null, new_owner_id: other.userId },
    });

    const again = await inject({
      method: "DELETE",
      url: `/api/admin/teams/${team.id}/members/${owner.userId}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("team.member_not_found");

    const last = await inject({
      method: "DELETE",
      url: `/api/admin/teams/${team.id}/members/${other.userId}`,
      headers: admin,
    });
    // Never activated and without submissions: nothing to keep.
    expect(last.json().ended).toBe("deleted");
    const gone = await inject({ url: `/api/admin/teams/${team.id}`, headers: admin });
    expect(gone.statusCode).toBe(404);
  });
});
