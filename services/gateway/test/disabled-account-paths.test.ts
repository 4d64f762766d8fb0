import { authCodes, passwordResets, teamMembers, teams, users } from "@tandem/db";
import { count, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGithubStandin } from "../../../test/support/github-standin";
import { randomToken, sha256 } from "../src/lib/secret-tokens";
import { createAuthCodesRepository } from "../src/modules/auth/auth-codes.repository";
import { GITHUB_BROWSER_COOKIE } from "../src/modules/auth/github-browser";
import { createPasswordResetsRepository } from "../src/modules/auth/password-resets.repository";
import { adminAuth, buildTestApp, signUp, type TestApp } from "./helper";

// Issue 31, finding 7: "Disabled accounts come back through /api/auth/register: it checks the
// password, never the account's status, and issued a new team and key to a disabled user."
// Every way of acting for a user by password or token refuses a disabled account.

let t: TestApp;
let github: Awaited<ReturnType<typeof startGithubStandin>>;
beforeAll(async () => {
  github = await startGithubStandin();
  t = await buildTestApp({ PUBLIC_URL: "http://tandem.test", ...github.env });
});
afterAll(async () => {
  await t?.close();
  await github?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const post = (url: string, payload: object) => inject({ method: "POST", url, payload });
const db = () => t.database.handle.db;
const teamCount = async () => (await db().select({ n: count() }).from(teams))[0]!.n;

let people = 0;
/** A participant with a password, then disabled by an organizer; their old session is kept. */
async function disabledUser(password = "right-password") {
  const email = `disabled-path-${++people}-${Date.now()}@example.org`;
  const user = await signUp(t.app, email, password);
  const disabled = await inject({
    method: "POST",
    url: `/api/admin/users/${user.userId}/disable`,
    headers: await adminAuth(t.app),
  });
  expect(disabled.statusCode, disabled.body).toBe(200);
  const login = await post("/api/login-verification", { email, password });
  expect(login.statusCode).toBe(403);
  return { ...user, email, password, loginAnswer: login.json() };
}

describe("a disabled account is refused on every path that acts for it", () => {
  it("refuses the SDK's register with the right password as login does, and creates no team", async () => {
    const user = await disabledUser();
    const before = await teamCount();
    const register = await post("/api/auth/register", {
      team_name: "comeback-team",
      email: user.email,
      username: "comeback",
      password: user.password,
    });
    expect(register.statusCode, register.body).toBe(403);
    expect(register.json()).toEqual(user.loginAnswer);
    expect(user.loginAnswer.code).toBe("auth.account_disabled");
    expect(await teamCount()).toBe(before);
    expect(
      await db().select().from(teamMembers).where(eq(teamMembers.userId, user.userId)),
    ).toHaveLength(0);
    // A wrong password still says nothing about the account's state.
    const wrong = await post("/api/auth/register", {
      team_name: "comeback-team",
      email: user.email,
      username: "comeback",
      password: "wrong-password",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("auth.login_invalid");
  });

  it("refuses a password-reset token issued before the account was disabled, and mails no new one", async () => {
    const user = await disabledUser();
    const token = randomToken();
    await createPasswordResetsRepository({ db: db() }).create(user.userId, sha256(token));
    const [{ passwordHash: hashBefore }] = (await db()
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.userId))) as [{ passwordHash: string | null }];

    const verified = await post("/api/verify-reset-token", { token });
    expect(verified.statusCode, verified.body).toBe(403);
    expect(verified.json()).toEqual(user.loginAnswer);
    const reset = await post("/api/reset-password", { token, password: "taken-over-pw" });
    expect(reset.statusCode, reset.body).toBe(403);
    expect(reset.json()).toEqual(user.loginAnswer);
    const [after] = await db().select().from(users).where(eq(users.id, user.userId));
    expect(after!.passwordHash).toBe(hashBefore);

    const resetsBefore = await db()
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.userId));
    const forgot = await post("/api/forgot-password", { email: user.email });
    const unknown = await post("/api/forgot-password", { email: "nobody-disabled@example.org" });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual(unknown.json());
    expect(
      await db().select().from(passwordResets).where(eq(passwordResets.userId, user.userId)),
    ).toHaveLength(resetsBefore.length);
  });

  it("refuses GitHub sign-in to a disabled account, links nothing and hands out no sign-in code", async () => {
    const user = await disabledUser();
    github.signInAs({
      id: 7_031,
      login: "disabled-gh",
      name: "Disabled Person",
      emails: [{ email: user.email, primary: true, verified: true }],
    });
    const start = await inject({ url: "/api/auth/github/authorize" });
    const cookies = Object.fromEntries(start.cookies.map((c) => [c.name, c.value]));
    const atGithub = await fetch(start.headers.location as string, { redirect: "manual" });
    const callback = new URL(atGithub.headers.get("location")!);
    const back = await inject({ url: callback.pathname + callback.search, cookies });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe("/login?error=account_disabled");
    expect(
      await db().select().from(authCodes).where(eq(authCodes.userId, user.userId)),
    ).toHaveLength(0);
    const [after] = await db().select().from(users).where(eq(users.id, user.userId));
    expect(after!.githubId).toBeNull();
    expect(after!.passwordHash).not.toBeNull();
  });

  it("refuses a sign-in code issued before the account was disabled", async () => {
    const user = await disabledUser();
    const code = randomToken();
    const browser = randomToken();
    await createAuthCodesRepository({ db: db() }).create(
      user.userId,
      sha256(code),
      sha256(browser),
    );
    const exchanged = await inject({
      method: "POST",
      url: "/api/auth/exchange",
      payload: { code },
      cookies: { [GITHUB_BROWSER_COOKIE]: browser },
    });
    expect(exchanged.statusCode).toBe(403);
    expect(exchanged.json()).toEqual(user.loginAnswer);
  });

  it("refuses the old session's token for verification, the dashboard and a notebook token", async () => {
    const user = await disabledUser();
    const verify = await inject({ url: "/api/verify-token", headers: user.auth });
    expect(verify.statusCode).toBe(401);
    expect(verify.json()).toMatchObject({ valid: false });
    expect((await inject({ url: "/api/teams", headers: user.auth })).statusCode).toBe(401);
    const hub = await inject({
      method: "POST",
      url: "/api/jupyter/generate-token",
      headers: user.auth,
    });
    expect(hub.statusCode).toBe(401);
  });

  // Found while fixing finding 3: a disabled participant's team key still acted for them.
  it("refuses the API key of an active team whose every member is disabled, for submits and reads", async () => {
    const user = await signUp(t.app, `sole-member-${Date.now()}@example.org`);
    const created = await inject({
      method: "POST",
      url: "/api/teams/create",
      headers: user.auth,
      payload: { team_name: `sole-${Date.now()}` },
    });
    const team = created.json().team as { id: string; api_key: string };
    const admin = await adminAuth(t.app);
    await inject({
      method: "POST",
      url: "/api/competition/start",
      headers: { ...admin, "x-team-id": team.id },
    });
    const key = { "x-api-key": team.api_key };
    expect((await inject({ url: "/api/submissions/history", headers: key })).statusCode).toBe(200);
    const disabled = await inject({
      method: "POST",
      url: `/api/admin/users/${user.userId}/disable`,
      headers: admin,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const history = await inject({ url: "/api/submissions/history", headers: key });
    expect(history.statusCode).toBe(403);
    expect(history.json().code).toBe("auth.account_disabled");
    const submit = await inject({
      method: "POST",
      url: "/api/submit",
      headers: key,
      payload: {
        domain_name: "Retail Banking",
        task_number: 1,
        predictions_csv: "TxnID,FraudLabel\n",
      },
    });
    expect(submit.statusCode).toBe(403);
    expect(submit.json().code).toBe("auth.account_disabled");
    // Enabled again, the key works again: it was never the team's to lose.
    await inject({ method: "POST", url: `/api/admin/users/${user.userId}/enable`, headers: admin });
    expect((await inject({ url: "/api/submissions/history", headers: key })).statusCode).toBe(200);
  });
});
