import { MESSAGES, TEAM_MESSAGES } from "@tandem/contracts";
import { teamMembers, teams, users } from "@tandem/db";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuth, buildTestApp, signUp, type TestApp } from "./helper";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
let counter = 0;

async function member() {
  counter++;
  return signUp(t.app, `member-${counter}-${Date.now()}@example.org`);
}

async function teamOf(user: { auth: Record<string, string> }, name: string) {
  const response = await inject({
    method: "POST",
    url: "/api/teams/create",
    headers: user.auth,
    payload: { team_name: name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().team as {
    id: string;
    api_key: string;
    team_name: string;
    invite_code: string;
  };
}

// The API names the body's field `team_id` (docs/product.md#site-calls); it carries the team's
// invite code.
const join = (user: { auth: Record<string, string> }, inviteCode: unknown) =>
  inject({
    method: "POST",
    url: "/api/teams/join",
    headers: user.auth,
    payload: { team_id: inviteCode },
  });
const leave = (user: { auth: Record<string, string> }) =>
  inject({ method: "POST", url: "/api/teams/leave", headers: user.auth });
const myTeams = async (user: { auth: Record<string, string> }) =>
  (await inject({ url: "/api/teams", headers: user.auth })).json().teams as {
    id: string;
    api_key: string;
    invite_code: string;
    members: { email: string; role: string }[];
    user_role: string;
    total_score: number;
  }[];

describe("joining", () => {
  it("joins by invite code, trimmed, and shows the team with its members and key", async () => {
    const creator = await member();
    const team = await teamOf(creator, "joinable");
    const joiner = await member();
    const joined = await join(joiner, `  ${team.invite_code} `);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({
      success: true,
      team: { id: team.id, member_count: 2, user_role: "member" },
    });
    const [seen] = await myTeams(joiner);
    expect(seen!.api_key).toBe(team.api_key);
    expect(seen!.members.map((m) => m.role)).toEqual(["creator", "member"]);
  });

  it("needs an invite code, an existing team, and no current team", async () => {
    const user = await member();
    const empty = await join(user, "   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain(TEAM_MESSAGES.inviteCodeRequired);
    expect((await join(user, "not-a-team")).statusCode).toBe(404);
    expect((await join(user, "x".repeat(101))).statusCode).toBe(400);
    const long = await join(user, "y".repeat(100));
    expect(long.json().error).toBe(
      `No team has the invite code "${"y".repeat(40)}…". Ask your team's owner for its current invite code.`,
    );
    await teamOf(user, "already-mine");
    const other = await teamOf(await member(), "someone-elses");
    const again = await join(user, other.invite_code);
    expect(again.statusCode).toBe(409);
  });

  it("lets only one of two simultaneous joins succeed", async () => {
    const a = await teamOf(await member(), "race-a");
    const b = await teamOf(await member(), "race-b");
    const racer = await member();
    const results = await Promise.all([
      join(racer, a.invite_code),
      join(racer, b.invite_code),
      join(racer, a.invite_code),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.database.handle.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.userId, racer.userId));
    expect(rows).toHaveLength(1);
  });
});

describe("leaving", () => {
  it("deletes a team never activated when its last member leaves, and its key stops working", async () => {
    const user = await member();
    const team = await teamOf(user, "short-lived");
    const left = await leave(user);
    expect(left.json()).toMatchObject({ success: true });
    expect(left.json().message).toContain("deleted");
    expect(
      await t.database.handle.db.select().from(teams).where(eq(teams.id, team.id)),
    ).toHaveLength(0);
    expect(
      (
        await inject({
          method: "POST",
          url: "/api/auth/verify",
          headers: { "x-api-key": team.api_key },
        })
      ).statusCode,
    ).toBe(401);
    expect(await myTeams(user)).toEqual([]);
    expect((await leave(user)).statusCode).toBe(404);
  });

  it("hands ownership on when the creator leaves, and lets them rejoin with the invite code", async () => {
    const creator = await member();
    const team = await teamOf(creator, "handover");
    const second = await member();
    await join(second, team.invite_code);
    const left = await leave(creator);
    expect(left.json().message).toContain("rejoin later with its current invite code");
    const [seen] = await myTeams(second);
    expect(seen!.user_role).toBe("owner");
    // Leaving replaced the code the creator knew (issue 31): they rejoin with the current one.
    expect((await join(creator, team.invite_code)).statusCode).toBe(404);
    expect((await join(creator, seen!.invite_code)).statusCode).toBe(200);
  });

  it("never leaves a memberless team behind when the last two leave at once", async () => {
    const a = await member();
    const team = await teamOf(a, "both-leave");
    const b = await member();
    await join(b, team.invite_code);
    const results = await Promise.all([leave(a), leave(b)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(
      await t.database.handle.db.select().from(teams).where(eq(teams.id, team.id)),
    ).toHaveLength(0);
  });
});

describe("API keys", () => {
  it("are readable only by the team's own members, as is the invite code", async () => {
    const owner = await member();
    const team = await teamOf(owner, "secretive");
    const outsider = await member();
    await teamOf(outsider, "outsiders");
    const seen = JSON.stringify(await myTeams(outsider));
    expect(seen).not.toContain(team.api_key);
    expect(seen).not.toContain(team.invite_code);
    expect(seen).not.toContain(team.id);
  });

  it("can be rotated by the owner only, and the old key stops working at once", async () => {
    const owner = await member();
    const team = await teamOf(owner, "rotators");
    const plain = await member();
    await join(plain, team.invite_code);
    expect(
      (await inject({ method: "POST", url: "/api/teams/rotate-key", headers: plain.auth }))
        .statusCode,
    ).toBe(403);
    const rotated = await inject({
      method: "POST",
      url: "/api/teams/rotate-key",
      headers: owner.auth,
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().api_key as string;
    expect(fresh).not.toBe(team.api_key);
    const verify = (key: string) =>
      inject({ url: "/api/auth/verify", headers: { "x-api-key": key } });
    expect((await verify(team.api_key)).statusCode).toBe(401);
    expect((await verify(fresh)).json()).toMatchObject({
      valid: true,
      team_id: team.id,
      team_name: "rotators",
    });
    expect((await myTeams(plain))[0]!.api_key).toBe(fresh);
  });
});

describe("SDK registration (/auth/register)", () => {
  it("creates the user and the team in one step and returns a working key", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        team_name: "sdk-team",
        email: "sdk@example.org",
        username: "sdk user",
        password: "sdk-password",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { api_key: key } = response.json();
    const verified = await inject({
      method: "POST",
      url: "/api/auth/verify",
      headers: { "x-api-key": key },
    });
    expect(verified.json()).toMatchObject({
      valid: true,
      team_name: "sdk-team",
      status: "inactive",
    });
    const login = await inject({
      method: "POST",
      url: "/api/login-verification",
      payload: { email: "sdk@example.org", password: "sdk-password" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("signs an existing user in by password, and refuses a wrong one", async () => {
    await signUp(t.app, "existing-sdk@example.org", "right-password");
    const wrong = await inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        team_name: "sdk-wrong",
        email: "existing-sdk@example.org",
        username: "x y",
        password: "wrong-password",
      },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: MESSAGES.loginInvalid, code: "auth.login_invalid" });
    const right = await inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        team_name: "sdk-right",
        email: "existing-sdk@example.org",
        username: "x y",
        password: "right-password",
      },
    });
    expect(right.statusCode).toBe(201);
  });

  it("rolls the new user back when the team cannot be created", async () => {
    await teamOf(await member(), "sdk-taken");
    const response = await inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        team_name: "sdk-taken",
        email: "rolled-back@example.org",
        username: "ro lled",
        password: "password-1",
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(MESSAGES.teamNameTaken("sdk-taken"));
    const rows = await t.database.handle.db
      .select()
      .from(users)
      .where(eq(users.email, "rolled-back@example.org"));
    expect(rows).toHaveLength(0);
  });

  it("validates the team name with the form's rules", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        team_name: "Bad Name!",
        email: "bad-name@example.org",
        username: "bad name",
        password: "password-1",
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(MESSAGES.teamNameCharset);
  });
});

describe("team score", () => {
  it("shows the team's overall score on its card", async () => {
    const user = await member();
    const team = await teamOf(user, "scored-team");
    await inject({
      method: "POST",
      url: "/api/competition/start",
      headers: { ...(await adminAuth(t.app)), "x-team-id": team.id },
    });
    const ids = (await inject({ url: "/static/retail-banking/sample_submission_c1.csv" })).body;
    const submitted = await inject({
      method: "POST",
      url: "/api/submit",
      headers: { "x-api-key": team.api_key },
      payload: { domain_name: "Retail Banking", task_number: 1, predictions_csv: ids },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [card] = await myTeams(user);
    expect(card!.total_score).toBeGreaterThan(0);
  });
});
