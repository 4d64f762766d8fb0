import { generateKeyPairSync } from "node:crypto";
import { users } from "@tandem/db";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGithubStandin } from "../../../test/support/github-standin";
import { resetLinkIn, startSmtpSink } from "../../../test/support/smtp-sink";
import { sha256 } from "../src/lib/secret-tokens";
import { ADMIN, adminAuth, buildTestApp, captureLogs, type TestApp } from "./helper";

/**
 * Every flow that handles a credential, logged at trace by a plain pino logger (no redaction of
 * its own: the gateway must make any logger safe), then every secret looked for in the lines.
 */

const ORGANIZER_CODE = "let-me-organize-the-competition";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let github: Awaited<ReturnType<typeof startGithubStandin>>;
const logCapture = captureLogs("trace");

beforeAll(async () => {
  smtp = await startSmtpSink();
  github = await startGithubStandin();
  t = await buildTestApp(
    {
      SMTP_URL: smtp.url,
      PUBLIC_URL: "http://tandem.test",
      ORGANIZER_CODE,
      JUPYTERHUB_URL: "http://hub.test:8000",
      JUPYTER_SIGNING_KEY: generateKeyPairSync("ed25519")
        .privateKey.export({ type: "pkcs8", format: "pem" })
        .toString()
        .replace(/\n/g, "\\n"),
      ...github.env,
    },
    { logger: logCapture.logger },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await github?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  inject({ method: "POST", url, headers, payload: payload as object });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every credential the flows below see; none may appear in a log line. */
const secrets = new Set<string>();
function secret(value: unknown): string {
  expect(typeof value, "a flow did not yield its secret").toBe("string");
  const text = value as string;
  expect(text.length).toBeGreaterThan(5);
  secrets.add(text);
  // A JWT's signature alone is enough to matter.
  for (const part of text.split(".")) if (part.length > 20) secrets.add(part);
  return text;
}

function signupBody(email: string, password: string, extra: Record<string, unknown> = {}) {
  return {
    firstName: "Grace",
    lastName: "Hopper",
    email,
    password,
    isStudent: false,
    position: "Analyst",
    area: "Healthcare",
    eligible: true,
    rememberMe: true,
    ...extra,
  };
}

describe("logs, at trace level, of every flow that handles a secret", () => {
  it("hold no password, session token, reset token, sign-in code, API key or hash", async () => {
    // Registration, login, token check, logout.
    const password = secret("first-secret-password");
    const signup = await post("/api/save-user-signup", signupBody("logs@example.org", password));
    expect(signup.statusCode, signup.body).toBe(201);
    secret(signup.json().token);
    const login = await post("/api/login-verification", { email: "logs@example.org", password });
    expect(login.statusCode).toBe(200);
    const session = secret(login.json().token);
    expect((await inject({ url: "/api/verify-token", headers: bearer(session) })).statusCode).toBe(
      200,
    );
    // A token in a query string, as old links and careless clients send it.
    await inject({ url: `/api/verify-token?token=${session}&api_key=${session}` });
    await post("/api/logout", {}, bearer(signup.json().token));

    // Password reset: the mailed link, the page it opens, the checks and the reset.
    await post("/api/forgot-password", { email: "logs@example.org" });
    const link = new URL(resetLinkIn((await smtp.waitFor("logs@example.org")).raw));
    const resetToken = secret(link.searchParams.get("token"));
    const page = await inject({ url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect((await post("/api/verify-reset-token", { token: resetToken })).statusCode).toBe(200);
    const newPassword = secret("second-secret-password");
    const reset = await post("/api/reset-password", { token: resetToken, password: newPassword });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await post("/api/login-verification", {
      email: "logs@example.org",
      password: newPassword,
    });
    const user = bearer(secret(again.json().token));

    // GitHub sign-in: its code and state on our callback, our code on the SPA and the exchange.
    github.signInAs({
      id: 7001,
      login: "logcat",
      name: "Log Cat",
      emails: [{ email: "logcat@example.org", primary: true, verified: true }],
    });
    const start = await inject({ url: "/api/auth/github/authorize" });
    const cookies = Object.fromEntries(start.cookies.map((c) => [c.name, c.value]));
    const atGithub = await fetch(start.headers.location as string, { redirect: "manual" });
    const callback = new URL(atGithub.headers.get("location")!);
    secret(callback.searchParams.get("code"));
    secret(callback.searchParams.get("state"));
    secret(cookies.tandem_github_browser); // binds the sign-in to this browser (finding 8)
    const back = await inject({ url: callback.pathname + callback.search, cookies });
    const landing = new URL(back.headers.location as string, "http://tandem.test");
    expect(landing.pathname).toBe("/login/success");
    const code = secret(landing.searchParams.get("token"));
    expect((await inject({ url: landing.pathname + landing.search })).statusCode).toBe(200);
    const exchanged = await inject({
      method: "POST",
      url: "/api/auth/exchange",
      payload: { code },
      cookies,
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    secret(exchanged.json().token);

    // Teams: the key and invite code in answers, a joiner, a new key.
    const created = await post("/api/teams/create", { team_name: "log-team" }, user);
    expect(created.statusCode, created.body).toBe(201);
    const team = created.json().team as { id: string; api_key: string; invite_code?: string };
    secret(team.api_key);
    if (team.invite_code) secret(team.invite_code);
    const joiner = await post(
      "/api/save-user-signup",
      signupBody("joiner@example.org", secret("joiner-secret-password")),
    );
    const joinerAuth = bearer(secret(joiner.json().token));
    expect(
      (await post("/api/teams/join", { team_id: team.invite_code ?? team.id }, joinerAuth))
        .statusCode,
    ).toBe(200);
    const rotated = await post("/api/teams/rotate-key", {}, user);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const apiKey = secret(rotated.json().api_key);
    const teams = await inject({ url: "/api/teams", headers: user });
    expect(teams.json().teams[0].api_key).toBe(apiKey);

    // The SDK: register, verify and submit with the key.
    const sdkPassword = secret("sdk-secret-password");
    const sdk = await post("/api/auth/register", {
      team_name: "log-sdk-team",
      email: "sdk@example.org",
      username: "Sdk User",
      password: sdkPassword,
    });
    expect(sdk.statusCode, sdk.body).toBe(201);
    secret(sdk.json().api_key);
    const admin = await adminAuth(t.app);
    secret(admin.authorization.slice("Bearer ".length));
    secrets.add(ADMIN.password);
    await inject({
      method: "POST",
      url: "/api/competition/start",
      headers: { ...admin, "x-team-id": team.id, "x-api-key": apiKey },
    });
    const key = { "x-api-key": apiKey };
    expect((await post("/api/auth/verify", {}, key)).statusCode).toBe(200);
    await inject({ url: "/api/auth/verify", headers: key });
    const submitted = await post(
      "/api/submit",
      { domain_name: "Commerce", task_number: 1, predictions_csv: "not,a\nvalid,file\n" },
      key,
    );
    expect(submitted.statusCode).toBeLessThan(500);
    await inject({ url: `/api/submissions/history?api_key=${apiKey}`, headers: key });

    // JupyterHub: the token answer and the launch redirect (an admin in an active team).
    await t.database.handle.db
      .update(users)
      .set({ adminAccess: true })
      .where(eq(users.email, "logs@example.org"));
    const hub = await post("/api/jupyter/generate-token", {}, user);
    expect(hub.statusCode, hub.body).toBe(200);
    secret(hub.json().token);
    const launch = await inject({ url: "/api/jupyter/launch?next=/hub/home", headers: user });
    secret(new URL(launch.headers.location as string).searchParams.get("token"));

    // The organizer code: checked alone, and used at registration.
    secret(ORGANIZER_CODE);
    await post("/api/organizer-code/verify", { adminPassword: ORGANIZER_CODE });
    const organizer = await post(
      "/api/save-user-signup",
      signupBody("organizer@example.org", secret("organizer-secret-password"), {
        eligible: false,
        ineligibilityType: "organizer",
        adminPassword: ORGANIZER_CODE,
      }),
    );
    expect(organizer.statusCode, organizer.body).toBe(201);
    secret(organizer.json().token);

    // A personal organizer invitation (issue 31, finding 9): made, checked, used at
    // registration, listed; its code and its stored hash.
    const admin2 = await adminAuth(t.app);
    const made = await post("/api/admin/invitations", { label: "log check" }, admin2);
    expect(made.statusCode, made.body).toBe(201);
    const invitationCode = secret(made.json().code);
    secret(sha256(invitationCode));
    await post("/api/organizer-code/verify", { adminPassword: invitationCode });
    const invited = await post(
      "/api/save-user-signup",
      signupBody("invited@example.org", secret("invited-secret-password"), {
        eligible: false,
        ineligibilityType: "organizer",
        adminPassword: invitationCode,
      }),
    );
    expect(invited.statusCode, invited.body).toBe(201);
    secret(invited.json().token);
    await inject({ url: "/api/admin/invitations", headers: admin2 });

    // The stored hashes of every account above.
    for (const row of await t.database.handle.db.select().from(users)) {
      if (row.passwordHash) secret(row.passwordHash);
    }

    expect(logCapture.captured.text).toContain("/reset-password?token=[redacted]");
    expect(logCapture.captured.text).toContain("/login/success?token=[redacted]");
    expect(logCapture.captured.text).toContain("/api/teams/rotate-key");
    const leaked = [...secrets].filter((value) => logCapture.captured.text.includes(value));
    expect(leaked).toEqual([]);
  });
});

describe("a database error in a request", () => {
  it("is logged as its SQLSTATE, constraint and table, never the values it was given", async () => {
    // The check makes the account insert fail inside the request, as a real fault would.
    await t.database.handle.db.execute(
      sql`alter table users add constraint log_probe_email check (email not like 'db-failure%')`,
    );
    const email = "db-failure-probe@example.org";
    const password = "probe-secret-password";
    const before = logCapture.captured.text.length;
    const response = await post("/api/save-user-signup", signupBody(email, password));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "Internal server error", code: "internal" });

    const written = logCapture.captured.text.slice(before);
    for (const value of [email, "db-failure", password, "$argon2", "Grace", "Failing row"]) {
      expect(written).not.toContain(value);
    }
    const lines = written
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = lines.find((line) => line.msg === "request failed") as
      | { err: { type: string; database: Record<string, string> } }
      | undefined;
    expect(failure?.err.database).toMatchObject({
      code: "23514",
      condition: "check_violation",
      constraint: "log_probe_email",
      table: "users",
    });
    expect(failure?.err.database.query).toMatch(/^insert into "users"/);
  });
});
