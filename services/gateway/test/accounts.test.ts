import { createHmac } from "node:crypto";
import { MESSAGES } from "@tandem/contracts";
import { passwordResets, users } from "@tandem/db";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGithubStandin } from "../../../test/support/github-standin";
import { TEST_SECRETS } from "../../../test/support/services";
import { resetLinkIn, startSmtpSink } from "../../../test/support/smtp-sink";
import { buildTestApp, captureLogs, signUp, type TestApp } from "./helper";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let github: Awaited<ReturnType<typeof startGithubStandin>>;
const logCapture = captureLogs("debug");

beforeAll(async () => {
  smtp = await startSmtpSink();
  github = await startGithubStandin();
  t = await buildTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: "http://tandem.test", ...github.env },
    { logger: logCapture.logger },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await github?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const post = (url: string, payload: unknown) =>
  inject({ method: "POST", url, payload: payload as object });

describe("password reset by e-mail", () => {
  it("mails a one-hour link that greets the user, resets the password once, and signs in", async () => {
    await signUp(t.app, "forgetful@example.org", "old-password");
    const asked = await post("/api/forgot-password", { email: "Forgetful@example.org" });
    expect(asked.json()).toEqual({ success: true, message: MESSAGES.forgotSent });

    const mail = await smtp.waitFor("forgetful@example.org");
    const link = new URL(resetLinkIn(mail.raw));
    expect(link.origin + link.pathname).toBe("http://tandem.test/reset-password");
    const token = link.searchParams.get("token")!;

    const verified = await post("/api/verify-reset-token", { token });
    expect(verified.json()).toEqual({
      valid: true,
      user: { email: "forgetful@example.org", username: "Grace Hopper" },
    });
    const short = await post("/api/reset-password", { token, password: "12345" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain(MESSAGES.resetPasswordMin);

    const reset = await post("/api/reset-password", { token, password: "new-password" });
    expect(reset.json()).toMatchObject({ success: true });
    const login = await post("/api/login-verification", {
      email: "forgetful@example.org",
      password: "new-password",
    });
    expect(login.statusCode).toBe(200);
    const old = await post("/api/login-verification", {
      email: "forgetful@example.org",
      password: "old-password",
    });
    expect(old.statusCode).toBe(401);

    const reused = await post("/api/reset-password", { token, password: "another-one" });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe("Invalid or expired token");
    expect((await post("/api/verify-reset-token", { token })).json()).toMatchObject({
      valid: false,
    });

    // Only a hash of the token is stored.
    const stored = await t.database.handle.db.select().from(passwordResets);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("refuses an expired token", async () => {
    await signUp(t.app, "late@example.org");
    await post("/api/forgot-password", { email: "late@example.org" });
    const token = new URL(
      resetLinkIn((await smtp.waitFor("late@example.org")).raw),
    ).searchParams.get("token")!;
    await t.database.handle.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 minute'` });
    const verified = await post("/api/verify-reset-token", { token });
    expect(verified.statusCode).toBe(400);
    expect((await post("/api/reset-password", { token, password: "whatever-1" })).statusCode).toBe(
      400,
    );
  });

  it("answers the same for unknown addresses and sends them nothing", async () => {
    const unknown = await post("/api/forgot-password", { email: "nobody@example.org" });
    expect(unknown.json()).toEqual({ success: true, message: MESSAGES.forgotSent });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.some((m) => m.to.includes("nobody@example.org"))).toBe(false);
    const empty = await post("/api/forgot-password", { email: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain(MESSAGES.forgotEmailRequired);
  });
});

describe("GitHub sign-in against a local stand-in", () => {
  /** The cookies of the browser that ran the last sign-in: its code is traded only with them. */
  let browserCookies: Record<string, string> = {};
  const exchange = (code: string | null) =>
    inject({
      method: "POST",
      url: "/api/auth/exchange",
      payload: { code },
      cookies: browserCookies,
    });

  /** Runs the browser's side of the dance: our authorize → GitHub → our callback. */
  async function signInWithGithub(target?: string) {
    const start = await inject({
      url: `/api/auth/github/authorize${target ? `?target=${target}` : ""}`,
    });
    expect(start.statusCode).toBe(302);
    const cookies = Object.fromEntries(start.cookies.map((c) => [c.name, c.value]));
    browserCookies = cookies;
    const atGithub = await fetch(start.headers.location as string, { redirect: "manual" });
    const callback = new URL(atGithub.headers.get("location")!);
    expect(callback.pathname).toBe("/api/auth/github/callback");
    const back = await inject({ url: callback.pathname + callback.search, cookies });
    expect(back.statusCode).toBe(302);
    return new URL(back.headers.location as string, "http://tandem.test");
  }

  it("creates an account for a new GitHub user and hands the SPA a single-use code", async () => {
    github.signInAs({
      id: 101,
      login: "octo",
      name: "Octo Cat",
      emails: [{ email: "octo@example.org", primary: true, verified: true }],
    });
    const landing = await signInWithGithub();
    expect(landing.pathname).toBe("/login/success");
    expect(landing.searchParams.get("team_status")).toBe("none");
    const code = landing.searchParams.get("token")!;
    expect(code.split(".")).toHaveLength(1); // a code, not a JWT

    const exchanged = await exchange(code);
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().user).toMatchObject({
      email: "octo@example.org",
      username: "Octo Cat",
    });
    expect((await exchange(code)).statusCode).toBe(401);
  });

  it("links an existing account through a verified e-mail only", async () => {
    const existing = await signUp(t.app, "linked@example.org");
    github.signInAs({
      id: 202,
      login: "linker",
      name: null,
      emails: [
        { email: "linked@example.org", primary: false, verified: true },
        { email: "linker@example.org", primary: true, verified: true },
      ],
    });
    const landing = await signInWithGithub("jupyterhub");
    expect(landing.searchParams.get("target")).toBe("jupyterhub");
    const exchanged = await exchange(landing.searchParams.get("token"));
    expect(exchanged.json().user.id).toBe(existing.userId);

    await signUp(t.app, "victim@example.org");
    github.signInAs({
      id: 303,
      login: "mallory",
      name: "Mallory",
      emails: [
        { email: "victim@example.org", primary: false, verified: false },
        { email: "mallory@example.org", primary: true, verified: true },
      ],
    });
    const other = await signInWithGithub();
    const session = await exchange(other.searchParams.get("token"));
    expect(session.json().user.email).toBe("mallory@example.org");
    const [victim] = await t.database.handle.db
      .select()
      .from(users)
      .where(eq(users.email, "victim@example.org"));
    expect(victim!.githubId).toBeNull();
  });

  it("returns to /login when the code exchange fails", async () => {
    github.signInAs({
      id: 404,
      login: "x",
      name: null,
      emails: [{ email: "x@example.org", primary: true, verified: true }],
    });
    github.failNextExchanges(true);
    try {
      const landing = await signInWithGithub();
      expect(landing.pathname + landing.search).toBe("/login?error=github");
    } finally {
      github.failNextExchanges(false);
    }
  });

  it("rejects a callback whose state does not match the browser's cookie", async () => {
    const back = await inject({ url: "/api/auth/github/callback?code=abc&state=forged" });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe("/login?error=github");
  });
});

describe("session tokens", () => {
  function sign(header: object, payload: object, secret: string, algorithm: string): string {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const body = `${encode(header)}.${encode(payload)}`;
    return `${body}.${createHmac(algorithm, secret).update(body).digest("base64url")}`;
  }

  it("refuses expired tokens and tokens signed with another algorithm or key", async () => {
    const { userId, token } = await signUp(t.app, "tokens@example.org");
    const { sid } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    const claims = { userId, sid, status: "active", admin_access: true };
    const now = Math.floor(Date.now() / 1000);
    const cases = {
      expired: sign(
        { alg: "HS256", typ: "JWT" },
        { ...claims, iat: now - 100, exp: now - 10 },
        TEST_SECRETS.JWT_SECRET,
        "sha256",
      ),
      hs512: sign(
        { alg: "HS512", typ: "JWT" },
        { ...claims, exp: now + 600 },
        TEST_SECRETS.JWT_SECRET,
        "sha512",
      ),
      // Right key and algorithm, but no session of that id exists.
      forgedSession: sign(
        { alg: "HS256", typ: "JWT" },
        { ...claims, sid: crypto.randomUUID(), exp: now + 600 },
        TEST_SECRETS.JWT_SECRET,
        "sha256",
      ),
      otherKey: sign(
        { alg: "HS256", typ: "JWT" },
        { ...claims, exp: now + 600 },
        "x".repeat(48),
        "sha256",
      ),
    };
    // A token the server issued (it names a live session) is good.
    const good = token;
    expect(
      (await inject({ url: "/api/verify-token", headers: { authorization: `Bearer ${good}` } }))
        .statusCode,
    ).toBe(200);
    for (const [name, token] of Object.entries(cases)) {
      const response = await inject({
        url: "/api/verify-token",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, name).toBe(401);
      const leaderboard = await inject({
        url: "/api/leaderboard",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(leaderboard.statusCode, name).toBe(401);
    }
  });
});

describe("organizer code and public config", () => {
  it("checks the organizer code on the server and publishes no secret", async () => {
    expect((await post("/api/organizer-code/verify", { adminPassword: "nope" })).json()).toEqual({
      valid: false,
    });
    expect(
      (
        await post("/api/organizer-code/verify", {
          adminPassword: "let-me-organize-the-competition",
        })
      ).json(),
    ).toEqual({ valid: true });
    const config = await inject({ url: "/api/config/public" });
    expect(config.json()).toEqual({
      github_enabled: true,
      demo_login_enabled: false,
      jupyterhub_url: null,
      submissions_paused: false,
      pause_message: null,
      require_verified_email: false,
      competition: { opens_at: expect.any(String), closes_at: expect.any(String) },
      announcement: null,
    });
    expect(config.body).not.toContain("let-me-organize-the-competition");
    expect((await post("/api/auth/demo-login", {})).statusCode).toBe(404);
  });
});

describe("logs", () => {
  it("never contain passwords, session tokens, API keys or reset tokens", async () => {
    const { token } = await signUp(t.app, "quiet@example.org", "very-secret-password");
    await post("/api/login-verification", {
      email: "quiet@example.org",
      password: "very-secret-password",
    });
    await inject({ url: "/api/verify-token", headers: { authorization: `Bearer ${token}` } });
    const team = await inject({
      method: "POST",
      url: "/api/teams/create",
      headers: { authorization: `Bearer ${token}` },
      payload: { team_name: "quiet-team" },
    });
    const apiKey = team.json().team.api_key as string;
    await inject({ method: "POST", url: "/api/auth/verify", headers: { "x-api-key": apiKey } });
    await post("/api/forgot-password", { email: "quiet@example.org" });
    const resetToken = new URL(
      resetLinkIn((await smtp.waitFor("quiet@example.org")).raw),
    ).searchParams.get("token")!;
    await post("/api/reset-password", { token: resetToken, password: "another-secret-pw" });
    expect(logCapture.captured.text.length).toBeGreaterThan(0);
    for (const secret of ["very-secret-password", "another-secret-pw", token, apiKey, resetToken]) {
      expect(logCapture.captured.text).not.toContain(secret);
    }
  });
});

describe("rate limits", () => {
  it("answer 429 with when to retry, per account and per address", async () => {
    const limited = await buildTestApp({
      RATE_LIMIT_FREE_FAILURES: "3",
      RATE_LIMIT_FAILURES_PER_IP: "6",
      RATE_LIMIT_NOT_FOUND_PER_IP: "4",
    });
    try {
      const attempt = (email: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/login-verification",
          payload: { email, password: "wrong-password" },
        });
      // Three free failures for the account from this address; the fourth starts a hold.
      for (let i = 0; i < 4; i++)
        expect((await attempt("target@example.org")).statusCode).toBe(401);
      const blocked = await attempt("TARGET@example.org");
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatch(
        /^Too many attempts\. Please try again in \d+ seconds?\.$/,
      );
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      // Other accounts from the same client: allowed until the address's failure budget.
      expect((await attempt("other1@example.org")).statusCode).toBe(401);
      expect((await attempt("other2@example.org")).statusCode).toBe(401);
      expect((await attempt("other3@example.org")).statusCode).toBe(401); // the 7th failure
      expect((await attempt("other4@example.org")).statusCode).toBe(429);
      const forgot = await limited.app.inject({
        method: "POST",
        url: "/api/forgot-password",
        payload: { email: "target@example.org" },
      });
      expect(forgot.statusCode).toBe(200);

      // Probing for API paths that do not exist is limited too; pages of the web app are not.
      const probe = (url: string) => limited.app.inject({ url });
      for (let i = 0; i < 4; i++) expect((await probe(`/api/admin-${i}`)).statusCode).toBe(404);
      const scanned = await probe("/static/retail-banking/answers.csv");
      expect(scanned.statusCode).toBe(429);
      expect(Number(scanned.headers["retry-after"])).toBeGreaterThan(0);
      expect((await probe("/api/v2/teams")).statusCode).toBe(429);
      expect((await probe("/dashboard")).statusCode).toBe(200);
      expect((await probe("/api/health")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
