import { MESSAGES } from "@tandem/contracts";
import { users } from "@tandem/db";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGithubStandin } from "../../../test/support/github-standin";
import { TEST_SECRETS } from "../../../test/support/services";
import { resetLinkIn, startSmtpSink } from "../../../test/support/smtp-sink";
import { ensureAdmin, grantAdmin } from "../src/bootstrap-admin";
import { loadConfig } from "../src/config";
import { adminAuth, buildTestApp, signUp, type TestApp } from "./helper";

/** Attacks on accounts and sessions (issue 15), each tried as an attacker would. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let github: Awaited<ReturnType<typeof startGithubStandin>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  github = await startGithubStandin();
  t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "http://tandem.test", ...github.env });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await github?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  inject({ method: "POST", url, payload: payload as object, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (email: string, password: string) =>
  post("/api/login-verification", { email, password, rememberMe: false });

async function userRow(email: string) {
  const [row] = await t.database.handle.db.select().from(users).where(eq(users.email, email));
  return row!;
}

describe("admin bootstrap", () => {
  it("does not hand admin to whoever registered ADMIN_EMAIL first", async () => {
    await signUp(t.app, "boss@uni.example", "squatter-password");
    const result = await ensureAdmin(t.database.handle.db, {
      email: "boss@uni.example",
      password: "the-operators-password",
    });
    expect(result?.refused).toBe(true);
    expect((await userRow("boss@uni.example")).adminAccess).toBe(false);
  });

  it("does not report an admin created when ADMIN_EMAIL is another form of a taken address", async () => {
    await signUp(t.app, "dean@uni.example", "deans-own-password");
    const result = await ensureAdmin(t.database.handle.db, {
      email: "Dean+admin@uni.example",
      password: "the-operators-password",
    });
    expect(result).toMatchObject({ created: false, refused: true, reason: "email_form" });
    expect((await userRow("dean@uni.example")).adminAccess).toBe(false);
  });

  it("grants admin to an existing account only with its own password", async () => {
    await signUp(t.app, "chair@uni.example", "chairs-own-password");
    const result = await ensureAdmin(t.database.handle.db, {
      email: "chair@uni.example",
      password: "chairs-own-password",
    });
    expect(result?.refused).toBeFalsy();
    expect((await userRow("chair@uni.example")).adminAccess).toBe(true);
  });

  it("grants admin without a password only through the explicit operator command", async () => {
    await signUp(t.app, "github-only@uni.example");
    const granted = await grantAdmin(t.database.handle.db, "GitHub-Only@uni.example");
    expect(granted).toEqual({ email: "github-only@uni.example", granted: true });
    expect((await userRow("github-only@uni.example")).adminAccess).toBe(true);
    expect(await grantAdmin(t.database.handle.db, "nobody@uni.example")).toEqual({
      email: "nobody@uni.example",
      granted: false,
    });
  });
});

describe("session revocation", () => {
  it("a token stops working once its session signs out", async () => {
    const { token } = await signUp(t.app, "leaver@example.org");
    expect((await inject({ url: "/api/teams", headers: bearer(token) })).statusCode).toBe(200);
    expect((await post("/api/logout", {}, bearer(token))).statusCode).toBe(200);
    expect((await inject({ url: "/api/teams", headers: bearer(token) })).statusCode).toBe(401);
    expect((await inject({ url: "/api/verify-token", headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it("signing out everywhere ends every session of the account", async () => {
    const { token: first } = await signUp(t.app, "everywhere@example.org", "pw-everywhere");
    const second = (await login("everywhere@example.org", "pw-everywhere")).json().token as string;
    const out = await post("/api/logout-everywhere", {}, bearer(second));
    expect(out.statusCode).toBe(200);
    for (const token of [first, second]) {
      expect((await inject({ url: "/api/teams", headers: bearer(token) })).statusCode).toBe(401);
    }
    expect((await login("everywhere@example.org", "pw-everywhere")).statusCode).toBe(200);
  });

  it("a password reset ends the sessions made with the old password", async () => {
    const { token } = await signUp(t.app, "stolen@example.org", "old-password");
    await post("/api/forgot-password", { email: "stolen@example.org" });
    const resetToken = new URL(
      resetLinkIn((await smtp.waitFor("stolen@example.org")).raw),
    ).searchParams.get("token")!;
    const reset = await post("/api/reset-password", { token: resetToken, password: "new-pass-1" });
    expect(reset.statusCode).toBe(200);
    expect((await inject({ url: "/api/teams", headers: bearer(token) })).statusCode).toBe(401);
  });

  it("admin rights come from the database, not from the token", async () => {
    await signUp(t.app, "deputy@example.org", "deputy-password");
    await grantAdmin(t.database.handle.db, "deputy@example.org");
    const token = (await login("deputy@example.org", "deputy-password")).json().token as string;
    const start = () =>
      post("/api/competition/start", {}, { ...bearer(token), "x-team-id": crypto.randomUUID() });
    expect((await start()).statusCode).toBe(404); // an admin: the team is unknown
    await t.database.handle.db
      .update(users)
      .set({ adminAccess: false })
      .where(eq(users.email, "deputy@example.org"));
    expect((await start()).statusCode).toBe(403);
  });
});

describe("cross-site requests", () => {
  async function cookieOf(email: string) {
    const { token } = await signUp(t.app, email);
    await post("/api/teams/create", { team_name: email.split("@")[0] }, bearer(token));
    return { auth_token: token };
  }

  it("refuses a cookie-only write that comes from another site", async () => {
    const cookies = await cookieOf("csrf-victim@example.org");
    const attempts: Record<string, string>[] = [
      {},
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: "http://sub.tandem.test" },
      { origin: "null" },
    ];
    for (const headers of attempts) {
      const response = await inject({
        method: "POST",
        url: "/api/teams/rotate-key",
        cookies,
        headers,
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().error).toBe(MESSAGES.crossSiteRefused);
    }
  });

  it("lets the site's own pages and bearer-token clients write", async () => {
    const cookies = await cookieOf("csrf-owner@example.org");
    for (const headers of [
      { "sec-fetch-site": "same-origin" },
      { origin: "http://tandem.test" },
    ] as Record<string, string>[]) {
      const response = await inject({
        method: "POST",
        url: "/api/teams/rotate-key",
        cookies,
        headers,
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
    const withBearer = await inject({
      method: "POST",
      url: "/api/teams/rotate-key",
      headers: { ...bearer(cookies.auth_token), origin: "https://evil.example" },
    });
    expect(withBearer.statusCode).toBe(200);
  });

  it("marks the session cookie Secure when the public URL is https", async () => {
    const secure = await buildTestApp({ PUBLIC_URL: "https://tandem.example" });
    try {
      const response = await secure.app.inject({
        method: "POST",
        url: "/api/login-verification",
        payload: { email: "admin@example.org", password: "admin-password-1", rememberMe: false },
      });
      const cookie = response.cookies.find((c) => c.name === "auth_token");
      expect(cookie?.secure).toBe(true);
    } finally {
      await secure.close();
    }
    const plain = await login("admin@example.org", "admin-password-1");
    expect(plain.cookies.find((c) => c.name === "auth_token")?.secure).toBeFalsy();
  });
});

describe("GitHub sign-in and a squatter's password", () => {
  async function signInWithGithub() {
    const start = await inject({ url: "/api/auth/github/authorize" });
    const cookies = Object.fromEntries(start.cookies.map((c) => [c.name, c.value]));
    const atGithub = await fetch(start.headers.location as string, { redirect: "manual" });
    const callback = new URL(atGithub.headers.get("location")!);
    const back = await inject({ url: callback.pathname + callback.search, cookies });
    const code = new URL(back.headers.location as string, "http://tandem.test").searchParams.get(
      "token",
    );
    const exchanged = await inject({
      method: "POST",
      url: "/api/auth/exchange",
      payload: { code },
      cookies,
    });
    return exchanged.json() as {
      token: string;
      user: { id: string; email: string };
    };
  }

  it("does not keep a password set by someone who never proved the address", async () => {
    const squatter = await signUp(t.app, "ada@uni.example", "squatters-password");
    github.signInAs({
      id: 9001,
      login: "ada",
      name: "Ada L",
      emails: [{ email: "ada@uni.example", primary: true, verified: true }],
    });
    const victim = await signInWithGithub();
    expect(victim.user.email).toBe("ada@uni.example");
    expect((await login("ada@uni.example", "squatters-password")).statusCode).toBe(401);
    // The squatter's session ends too; the victim's works.
    expect((await inject({ url: "/api/teams", headers: squatter.auth })).statusCode).toBe(401);
    expect((await inject({ url: "/api/teams", headers: bearer(victim.token) })).statusCode).toBe(
      200,
    );
  });

  it("keeps the password of an account whose owner proved the address", async () => {
    await signUp(t.app, "grace@uni.example", "graces-password");
    await post("/api/forgot-password", { email: "grace@uni.example" });
    const resetToken = new URL(
      resetLinkIn((await smtp.waitFor("grace@uni.example")).raw),
    ).searchParams.get("token")!;
    await post("/api/reset-password", { token: resetToken, password: "graces-new-password" });
    github.signInAs({
      id: 9002,
      login: "grace",
      name: "Grace H",
      emails: [{ email: "grace@uni.example", primary: true, verified: true }],
    });
    await signInWithGithub();
    expect((await login("grace@uni.example", "graces-new-password")).statusCode).toBe(200);
  });
});

describe("rate limits", () => {
  let limited: TestApp;
  beforeAll(async () => {
    // The defaults, not the test helper's relaxed ones.
    limited = await buildTestApp({ TRUST_PROXY: "1" }, { productionLimits: true });
  });
  afterAll(async () => limited?.close());

  const from = (ip: string, options: InjectOptions) =>
    limited.app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), "x-forwarded-for": ip },
    });
  const signupBody = (email: string) => ({
    firstName: "Class",
    lastName: "Member",
    email,
    password: "class-password",
    isStudent: false,
    position: "Student",
    area: "Healthcare",
    eligible: true,
    rememberMe: false,
  });
  const loginFrom = (ip: string, email: string, password: string) =>
    from(ip, {
      method: "POST",
      url: "/api/login-verification",
      payload: { email, password, rememberMe: false },
    });

  it("lets 200 people register and sign in from one campus address", async () => {
    for (let i = 0; i < 200; i++) {
      const response = await from("198.51.100.7", {
        method: "POST",
        url: "/api/save-user-signup",
        payload: signupBody(`student${i}@campus.example`),
      });
      expect(response.statusCode, `signup ${i}`).toBe(201);
    }
    for (let i = 0; i < 40; i++) {
      const response = await loginFrom(
        "198.51.100.7",
        `student${i}@campus.example`,
        "class-password",
      );
      expect(response.statusCode, `login ${i}`).toBe(200);
    }
  });

  it("wrong passwords from an attacker do not lock the owner out", async () => {
    await from("203.0.113.5", {
      method: "POST",
      url: "/api/save-user-signup",
      payload: signupBody("owner@campus.example"),
    });
    let blocked: number | undefined;
    for (let i = 0; i < 12; i++) {
      const response = await loginFrom("192.0.2.66", "owner@campus.example", `guess-${i}`);
      expect([401, 429]).toContain(response.statusCode);
      if (response.statusCode === 429) {
        blocked = i;
        expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
        break;
      }
    }
    expect(blocked, "the attacker is slowed down").toBeDefined();
    const owner = await loginFrom("203.0.113.5", "owner@campus.example", "class-password");
    expect(owner.statusCode).toBe(200);
  });

  it("the SDK's register route shares the password-guess budget", async () => {
    await from("203.0.113.9", {
      method: "POST",
      url: "/api/save-user-signup",
      payload: signupBody("sdk-owner@campus.example"),
    });
    const guess = (i: number) =>
      from("192.0.2.77", {
        method: "POST",
        url: "/api/auth/register",
        payload: {
          team_name: `guess-team-${i}`,
          email: "sdk-owner@campus.example",
          username: "Guesser",
          password: `guess-${i}`,
        },
      });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await loginFrom("192.0.2.77", "sdk-owner@campus.example", `x-${i}`)).statusCode);
    for (let i = 0; i < 8; i++) codes.push((await guess(i)).statusCode);
    expect(codes).toContain(429);
    expect(codes.indexOf(429)).toBeLessThan(8);
  });

  it("trusts only the configured number of proxy hops", async () => {
    // A client sends its own X-Forwarded-For; the proxy appends the real address.
    for (let i = 0; i < 12; i++) {
      await loginFrom(`10.9.9.${i}, 192.0.2.99`, "spoof@campus.example", `guess-${i}`);
    }
    const next = await loginFrom("10.9.9.200, 192.0.2.99", "spoof@campus.example", "again");
    expect(next.statusCode).toBe(429);
  });
});

describe("configuration", () => {
  it("refuses an organizer code shorter than 20 characters", () => {
    expect(() => loadConfig({ ...TEST_SECRETS, ORGANIZER_CODE: "short-code" })).toThrow(
      /ORGANIZER_CODE must be at least 20 characters/,
    );
    expect(
      loadConfig({ ...TEST_SECRETS, ORGANIZER_CODE: "a-long-enough-organizer-code" }).organizerCode,
    ).toBe("a-long-enough-organizer-code");
  });

  it("demo login is off unless asked for", () => {
    expect(loadConfig({ ...TEST_SECRETS }).demoLogin).toBe(false);
  });

  it("admin bootstrap still works for the admin the helper made", async () => {
    expect((await adminAuth(t.app)).authorization).toMatch(/^Bearer /);
  });
});
