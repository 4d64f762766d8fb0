import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp } from "./helper";

// TEAM_MAX_MEMBERS reaches the team routes (app.ts passes config.teamMaxMembers as maxMembers).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TEAM_MAX_MEMBERS: "2" });
});
afterAll(async () => {
  await t?.close();
});

describe("TEAM_MAX_MEMBERS", () => {
  it("sets the cap that team views report and joins obey", async () => {
    const owner = await signUp(t.app, "cap-owner@example.org");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/teams/create",
      headers: owner.auth,
      payload: { team_name: "pair" },
    });
    const team = created.json().team as { invite_code: string; max_members: number };
    expect(team.max_members).toBe(2);
    const join = async (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/teams/join",
        headers: (await signUp(t.app, email)).auth,
        payload: { team_id: team.invite_code },
      });
    expect((await join("cap-second@example.org")).statusCode).toBe(200);
    const third = await join("cap-third@example.org");
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe('Team "pair" is full: a team has at most 2 members.');
  });
});
