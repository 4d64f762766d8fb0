import { teamMembers, teams } from "@tandem/db";
import { and, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuth,
  buildTestApp,
  createTeam,
  newMember,
  type signUp,
  type TestApp,
} from "./helper";

// Security finding: "The team ID is a permanent bearer credential: anyone who sees it joins
// without approval or cap, and then sees the API key and every member's e-mail; members cannot
// be removed, so rotating the key does not lock them out." (docs/adr/0006-team-membership.md)

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
type User = Awaited<ReturnType<typeof signUp>>;

interface Team {
  id: string;
  team_name: string;
  api_key: string;
  invite_code: string;
  max_members: number;
  member_count: number;
  members: { user_id: string; email: string; role: string }[];
  user_role: string;
}

const member = (): Promise<User> => newMember(t.app, "invitee");
const teamOf = (user: User, name: string) => createTeam<Team>(t.app, user, name);

const join = (user: User, code: string) =>
  inject({
    method: "POST",
    url: "/api/teams/join",
    headers: user.auth,
    payload: { team_id: code },
  });
const myTeam = async (user: User) =>
  ((await inject({ url: "/api/teams", headers: user.auth })).json().teams as Team[])[0];
const verifyKey = (key: string) =>
  inject({ method: "POST", url: "/api/auth/verify", headers: { "x-api-key": key } });
const rotateInvite = (user: User) =>
  inject({ method: "POST", url: "/api/teams/rotate-invite", headers: user.auth });
const removeMember = (user: User, userId: string) =>
  inject({
    method: "POST",
    url: "/api/teams/remove-member",
    headers: user.auth,
    payload: { user_id: userId },
  });

describe("joining takes the secret invite code, not the public team ID", () => {
  it("refuses the team's public ID with the same answer as an unknown code", async () => {
    const team = await teamOf(await member(), "public-id");
    const attacker = await member();
    const byId = await join(attacker, team.id);
    expect(byId.statusCode, byId.body).toBe(404);
    const unknown = await join(attacker, "00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    const shape = (message: string) => message.replace(/"[^"]*"/, '""');
    expect(shape(byId.json().error)).toBe(shape(unknown.json().error));
    expect(byId.json().error).toMatch(/^No team has the invite code ".+"\. Ask your team's owner/);
    expect(byId.body).not.toContain(team.team_name);
    expect(await myTeam(attacker)).toBeUndefined();
  });

  it("shows members the invite code and the size cap, and joins with the code, trimmed and in any case", async () => {
    const creator = await member();
    const team = await teamOf(creator, "invited");
    expect(team.invite_code).toMatch(/^[a-z2-7]{24}$/);
    expect(team.max_members).toBe(5);
    const joiner = await member();
    const joined = await join(joiner, `  ${team.invite_code.toUpperCase()} `);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().team).toMatchObject({
      id: team.id,
      invite_code: team.invite_code,
      member_count: 2,
      user_role: "member",
    });
  });

  it("gives every team its own unguessable code, SDK-registered teams included", async () => {
    const a = await teamOf(await member(), "code-a");
    const b = await teamOf(await member(), "code-b");
    expect(a.invite_code).not.toBe(b.invite_code);
    const registered = await inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        team_name: "code-sdk",
        email: "code-sdk@example.org",
        username: "code sdk",
        password: "code-sdk-pw",
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const login = await inject({
      method: "POST",
      url: "/api/login-verification",
      payload: { email: "code-sdk@example.org", password: "code-sdk-pw" },
    });
    const sdkUser = { auth: { authorization: `Bearer ${login.json().token}` } } as User;
    const sdkTeam = await myTeam(sdkUser);
    expect(sdkTeam!.invite_code).toMatch(/^[a-z2-7]{24}$/);
    expect(new Set([a.invite_code, b.invite_code, sdkTeam!.invite_code]).size).toBe(3);
  });

  it("keeps the invite code out of the public leaderboard", async () => {
    const team = await teamOf(await member(), "code-hidden");
    await inject({
      method: "POST",
      url: "/api/competition/start",
      headers: { ...(await adminAuth(t.app)), "x-team-id": team.id },
    });
    const board = await inject({ url: "/api/leaderboard", headers: await adminAuth(t.app) });
    expect(board.body).toContain(team.id);
    expect(board.body).not.toContain(team.invite_code);
  });
});

describe("rotating the invite code", () => {
  it("is for the creator or owner only, and the old code stops joining at once", async () => {
    const owner = await member();
    const team = await teamOf(owner, "rotating-invite");
    const plain = await member();
    expect((await join(plain, team.invite_code)).statusCode).toBe(200);
    const refused = await rotateInvite(plain);
    expect(refused.statusCode).toBe(403);
    expect((await myTeam(plain))!.invite_code).toBe(team.invite_code);

    const rotated = await rotateInvite(owner);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().invite_code as string;
    expect(rotated.json()).toMatchObject({ success: true });
    expect(fresh).toMatch(/^[a-z2-7]{24}$/);
    expect(fresh).not.toBe(team.invite_code);

    expect((await join(await member(), team.invite_code)).statusCode).toBe(404);
    expect((await join(await member(), fresh)).statusCode).toBe(200);
    expect((await myTeam(plain))!.invite_code).toBe(fresh);
  });

  it("answers 404 for someone in no team", async () => {
    expect((await rotateInvite(await member())).statusCode).toBe(404);
  });
});

describe("removing a member", () => {
  it("locks the removed member out: no team, and neither the old API key nor the old invite code works", async () => {
    const owner = await member();
    const team = await teamOf(owner, "removals");
    const intruder = await member();
    const stays = await member();
    await join(intruder, team.invite_code);
    await join(stays, team.invite_code);

    const removed = await removeMember(owner, intruder.userId);
    expect(removed.statusCode, removed.body).toBe(200);
    const body = removed.json() as { success: boolean; message: string; team: Team };
    expect(body.success).toBe(true);
    expect(body.team.member_count).toBe(2);
    expect(body.team.members.map((m) => m.user_id)).not.toContain(intruder.userId);
    expect(body.team.api_key).not.toBe(team.api_key);
    expect(body.team.invite_code).not.toBe(team.invite_code);

    expect(await myTeam(intruder)).toBeUndefined();
    expect((await verifyKey(team.api_key)).statusCode).toBe(401);
    expect((await verifyKey(body.team.api_key)).json()).toMatchObject({ valid: true });
    expect((await join(intruder, team.invite_code)).statusCode).toBe(404);
    const kept = await myTeam(stays);
    expect(kept!.api_key).toBe(body.team.api_key);
    expect(kept!.invite_code).toBe(body.team.invite_code);
  });

  it("is for the creator or owner only", async () => {
    const owner = await member();
    const team = await teamOf(owner, "no-coup");
    const a = await member();
    const b = await member();
    await join(a, team.invite_code);
    await join(b, team.invite_code);
    const refused = await removeMember(a, b.userId);
    expect(refused.statusCode).toBe(403);
    expect((await removeMember(a, owner.userId)).statusCode).toBe(403);
    expect((await myTeam(b))!.member_count).toBe(3);
    expect((await verifyKey(team.api_key)).statusCode).toBe(200);
  });

  it("cannot remove yourself (that is leaving), another owner, or someone outside the team", async () => {
    const owner = await member();
    const team = await teamOf(owner, "edge-removals");
    const self = await removeMember(owner, owner.userId);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toContain("Leave Team");

    const outsider = await member();
    await teamOf(outsider, "elsewhere");
    const outside = await removeMember(owner, outsider.userId);
    expect(outside.statusCode).toBe(404);
    expect((await myTeam(outsider))!.team_name).toBe("elsewhere");
    const nobody = await removeMember(owner, "00000000-0000-4000-8000-000000000000");
    expect(nobody.statusCode).toBe(404);

    // The API never makes two owners at once; the rule holds even if the data had them.
    const coOwner = await member();
    await join(coOwner, team.invite_code);
    await t.database.handle.db
      .update(teamMembers)
      .set({ role: "owner" })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, coOwner.userId)));
    expect((await removeMember(owner, coOwner.userId)).statusCode).toBe(403);
    expect((await removeMember(coOwner, owner.userId)).statusCode).toBe(403);
    expect((await verifyKey(team.api_key)).statusCode).toBe(200);
  });

  it("needs a user ID", async () => {
    const owner = await member();
    await teamOf(owner, "needs-user");
    expect((await removeMember(owner, "")).statusCode).toBe(400);
    expect((await removeMember(owner, "not-a-uuid")).statusCode).toBe(400);
  });
});

describe("the team size cap", () => {
  it("refuses a join beyond the cap with a message naming it", async () => {
    const owner = await member();
    const team = await teamOf(owner, "full-house");
    for (let i = 1; i < team.max_members; i++) {
      expect((await join(await member(), team.invite_code)).statusCode).toBe(200);
    }
    const late = await join(await member(), team.invite_code);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(
      `Team "full-house" is full: a team has at most ${team.max_members} members.`,
    );
  });

  it("holds when many join at once", async () => {
    const owner = await member();
    const team = await teamOf(owner, "stampede");
    const joiners = await Promise.all(Array.from({ length: 12 }, () => member()));
    const results = await Promise.all(joiners.map((j) => join(j, team.invite_code)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(team.max_members - 1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(12 - (team.max_members - 1));
    const rows = await t.database.handle.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.teamId, team.id));
    expect(rows).toHaveLength(team.max_members);
  });

  it("frees a place when a member is removed", async () => {
    const owner = await member();
    const team = await teamOf(owner, "one-out-one-in");
    const others = [];
    for (let i = 1; i < team.max_members; i++) {
      const joiner = await member();
      await join(joiner, team.invite_code);
      others.push(joiner);
    }
    const removed = await removeMember(owner, others[0]!.userId);
    const code = removed.json().team.invite_code as string;
    expect((await join(await member(), code)).statusCode).toBe(200);
    const [row] = await t.database.handle.db
      .select({ inviteCode: teams.inviteCode })
      .from(teams)
      .where(eq(teams.id, team.id));
    expect(row!.inviteCode).toBe(code);
  });
});
