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

// Issue 31, finding 4: "A member who leaves keeps the team's API key: only removal by an owner
// rotates it. After leaving, the ex-member still read the team's history and files, unmarked
// its final pick and submitted on its quota." (docs/adr/0006-team-membership.md)

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
type User = Awaited<ReturnType<typeof signUp>>;
interface TeamView {
  id: string;
  api_key: string;
  invite_code: string;
  member_count: number;
}

const myTeam = async (user: User) =>
  ((await inject({ url: "/api/teams", headers: user.auth })).json().teams as TeamView[])[0];
const join = (user: User, code: string) =>
  inject({
    method: "POST",
    url: "/api/teams/join",
    headers: user.auth,
    payload: { team_id: code },
  });
const leave = (user: User) =>
  inject({ method: "POST", url: "/api/teams/leave", headers: user.auth });

describe("a member who leaves loses the team's API key", () => {
  it("refuses the leaver's old key for history, submit and unmarking a final pick, and the remaining owner sees a new key and invite code", async () => {
    const owner = await newMember(t.app, "leaver-owner");
    const team = await createTeam<TeamView>(t.app, owner, "leaver-team");
    await inject({
      method: "POST",
      url: "/api/competition/start",
      headers: { ...(await adminAuth(t.app)), "x-team-id": team.id },
    });
    const leaver = await newMember(t.app, "leaver");
    expect((await join(leaver, team.invite_code)).statusCode).toBe(200);
    const seen = await myTeam(leaver);
    const oldKey = { "x-api-key": seen!.api_key };
    const history = () => inject({ url: "/api/submissions/history", headers: oldKey });
    expect((await history()).statusCode).toBe(200);

    const left = await leave(leaver);
    expect(left.statusCode, left.body).toBe(200);

    expect((await history()).statusCode).toBe(401);
    const submit = await inject({
      method: "POST",
      url: "/api/submit",
      headers: oldKey,
      payload: { domain_name: "Retail Banking", task_number: 1, predictions_csv: "id,label\n" },
    });
    expect(submit.statusCode, submit.body).toBe(401);
    const unmark = await inject({
      method: "DELETE",
      url: "/api/submissions/00000000-0000-4000-8000-000000000000/final",
      headers: oldKey,
    });
    expect(unmark.statusCode, unmark.body).toBe(401);

    const now = await myTeam(owner);
    expect(now!.member_count).toBe(1);
    expect(now!.api_key).not.toBe(seen!.api_key);
    expect(
      (await inject({ url: "/api/submissions/history", headers: { "x-api-key": now!.api_key } }))
        .statusCode,
    ).toBe(200);
    expect(now!.invite_code).not.toBe(team.invite_code);
    const outsider = await newMember(t.app, "leaver-outsider");
    expect((await join(outsider, team.invite_code)).statusCode).toBe(404);
    expect((await join(leaver, team.invite_code)).statusCode).toBe(404);
  });
});
