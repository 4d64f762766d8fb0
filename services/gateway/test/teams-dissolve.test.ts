import { loadRankingInputs, submissions, teams } from "@tandem/db";
import { eq } from "drizzle-orm";
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

// Security finding: "The last member leaving deletes the team's scored submissions for good.
// Keep the history of a team that was ever activated (soft delete), so rankings and exports can
// be audited." (docs/adr/0006-team-membership.md)

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
}

const member = (): Promise<User> => newMember(t.app, "dissolver");
const teamOf = (user: User, name: string) => createTeam<Team>(t.app, user, name);

const leave = (user: User) =>
  inject({ method: "POST", url: "/api/teams/leave", headers: user.auth });
const activate = async (teamId: string) =>
  inject({
    method: "POST",
    url: "/api/competition/start",
    headers: { ...(await adminAuth(t.app)), "x-team-id": teamId },
  });

async function submitScored(apiKey: string) {
  const csv = (await inject({ url: "/static/retail-banking/sample_submission_c1.csv" })).body;
  const submitted = await inject({
    method: "POST",
    url: "/api/submit",
    headers: { "x-api-key": apiKey },
    payload: { domain_name: "Retail Banking", task_number: 1, predictions_csv: csv },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  expect(submitted.json().status).toBe("scored");
}

const rowsOf = (teamId: string) =>
  t.database.handle.db.select().from(teams).where(eq(teams.id, teamId));
const submissionsOf = (teamId: string) =>
  t.database.handle.db.select().from(submissions).where(eq(submissions.teamId, teamId));

describe("the last member leaving an activated team", () => {
  it("dissolves it but keeps the team row and its scored submissions for audit", async () => {
    const owner = await member();
    const team = await teamOf(owner, "audited");
    expect((await activate(team.id)).statusCode).toBe(200);
    await submitScored(team.api_key);
    const before = await submissionsOf(team.id);
    expect(before.map((s) => s.status)).toEqual(["scored"]);
    let board = await inject({ url: "/api/leaderboard", headers: await adminAuth(t.app) });
    expect(board.body).toContain(team.id);

    const left = await leave(owner);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().message).toContain("dissolved");

    const [row] = await rowsOf(team.id);
    expect(row).toBeDefined();
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(row!.name).toBe("audited");
    const after = await submissionsOf(team.id);
    expect(after.map((s) => [s.id, s.status, s.metricValue])).toEqual(
      before.map((s) => [s.id, s.status, s.metricValue]),
    );

    // Gone for everything live: its key, its invite code, the leaderboards, admin actions.
    expect(
      (
        await inject({
          method: "POST",
          url: "/api/auth/verify",
          headers: { "x-api-key": team.api_key },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await inject({
          url: "/api/submissions/history",
          headers: { "x-api-key": team.api_key },
        })
      ).statusCode,
    ).toBe(401);
    const joiner = await member();
    const join = await inject({
      method: "POST",
      url: "/api/teams/join",
      headers: joiner.auth,
      payload: { team_id: team.invite_code },
    });
    expect(join.statusCode).toBe(404);
    expect((await activate(team.id)).statusCode).toBe(404);
    board = await inject({ url: "/api/leaderboard", headers: await adminAuth(t.app) });
    expect(board.statusCode).toBe(200);
    expect(board.body).not.toContain(team.id);
    const domain = await inject({
      url: "/api/leaderboard/domain/Retail%20Banking",
      headers: await adminAuth(t.app),
    });
    expect(domain.body).not.toContain(team.id);
    const inputs = await loadRankingInputs(t.database.handle.db);
    expect(inputs.teams.map((x) => x.id)).not.toContain(team.id);
    expect(inputs.results.map((x) => x.teamId)).not.toContain(team.id);
  });

  it("frees the name for a new team, through the dashboard and the SDK", async () => {
    const owner = await member();
    const team = await teamOf(owner, "reborn");
    await activate(team.id);
    await leave(owner);
    const heir = await teamOf(await member(), "reborn");
    expect(heir.id).not.toBe(team.id);
    await leave(owner);

    const other = await member();
    const old = await teamOf(other, "reborn-sdk");
    await activate(old.id);
    await leave(other);
    const registered = await inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        team_name: "reborn-sdk",
        email: "reborn-sdk@example.org",
        username: "reborn sdk",
        password: "reborn-pw",
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().team_id).not.toBe(old.id);
    const names = await t.database.handle.db
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.name, "reborn-sdk"));
    expect(names).toHaveLength(2);
  });

  it("dissolves it once when the last two leave at the same moment", async () => {
    const a = await member();
    const team = await teamOf(a, "both-gone");
    await activate(team.id);
    const b = await member();
    await inject({
      method: "POST",
      url: "/api/teams/join",
      headers: b.auth,
      payload: { team_id: team.invite_code },
    });
    const results = await Promise.all([leave(a), leave(b)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [row] = await rowsOf(team.id);
    expect(row!.deletedAt).toBeInstanceOf(Date);
  });
});

describe("the last member leaving a team never activated", () => {
  it("deletes it outright: it has no scored work to keep", async () => {
    const owner = await member();
    const team = await teamOf(owner, "never-started");
    const left = await leave(owner);
    expect(left.json().message).toContain("deleted");
    expect(await rowsOf(team.id)).toHaveLength(0);
  });
});
