import { sessions, users } from "@tandem/db";
import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGithubStandin } from "../../../test/support/github-standin";
import { buildTestApp, type TestApp } from "./helper";

// Issue 31, finding 8: "Login CSRF through the GitHub return: the one-minute code of
// /login/success?token= is not bound to the browser that started the sign-in; a victim opening
// an attacker's link was silently signed in as the attacker."
// The code is now bound to a cookie set at /api/auth/github/authorize: only the browser that
// started the sign-in can trade it for a session.

/** The cookie that binds a sign-in to its browser. */
const BINDING = "tandem_github_browser";

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

/** One browser's cookies, kept across requests the way a browser keeps them. */
class Browser {
  readonly jar = new Map<string, string>();

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await t.app.inject({ ...options, cookies: Object.fromEntries(this.jar) });
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === "" || (cookie.expires !== undefined && cookie.expires <= new Date());
      if (expired) this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** Our authorize → GitHub (the stand-in) → our callback; answers where the callback sends it. */
  async signInWithGithub(): Promise<URL> {
    const start = await this.request({ url: "/api/auth/github/authorize" });
    expect(start.statusCode).toBe(302);
    const atGithub = await fetch(start.headers.location as string, { redirect: "manual" });
    const callback = new URL(atGithub.headers.get("location")!);
    const back = await this.request({ url: callback.pathname + callback.search });
    expect(back.statusCode).toBe(302);
    return new URL(back.headers.location as string, "http://tandem.test");
  }

  /** What /login/success does: a same-origin fetch. */
  exchange(code: string | null) {
    return this.request({
      method: "POST",
      url: "/api/auth/exchange",
      payload: { code },
      headers: { "sec-fetch-site": "same-origin" },
    });
  }
}

async function sessionsOf(email: string) {
  const [user] = await t.database.handle.db.select().from(users).where(eq(users.email, email));
  return t.database.handle.db.select().from(sessions).where(eq(sessions.userId, user!.id));
}

describe("GitHub sign-in is bound to the browser that started it", () => {
  it("a victim opening an attacker's GitHub return link is not signed in as the attacker", async () => {
    github.signInAs({
      id: 8801,
      login: "mallory-gh",
      name: "Mallory",
      emails: [{ email: "mallory-gh@example.org", primary: true, verified: true }],
    });
    const attacker = new Browser();
    const link = await attacker.signInWithGithub();
    expect(link.pathname).toBe("/login/success");
    const code = link.searchParams.get("token");

    // The victim's browser has never started a GitHub sign-in: no cookie at all.
    const victim = new Browser();
    const bare = await victim.exchange(code);
    expect(bare.statusCode, bare.body).toBe(401);
    expect(bare.json().code).toBe("auth.github_other_browser");
    expect(bare.cookies.find((c) => c.name === "auth_token")).toBeUndefined();

    // A victim who started a sign-in of their own holds another browser's cookie.
    const started = await victim.request({ url: "/api/auth/github/authorize" });
    expect(started.statusCode).toBe(302);
    const other = await victim.exchange(code);
    expect(other.statusCode, other.body).toBe(401);
    expect(other.json().code).toBe("auth.github_other_browser");
    expect(other.cookies.find((c) => c.name === "auth_token")).toBeUndefined();
    expect(victim.jar.has("auth_token")).toBe(false);
    expect(await sessionsOf("mallory-gh@example.org")).toHaveLength(0);

    // The browser that started it still signs in, once; the binding cookie is then cleared.
    const own = await attacker.exchange(code);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().user.email).toBe("mallory-gh@example.org");
    expect(await sessionsOf("mallory-gh@example.org")).toHaveLength(1);
    expect(attacker.jar.has(BINDING)).toBe(false);
    const again = await attacker.exchange(code);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe("auth.token_invalid");
  });

  it("sets the binding cookie HttpOnly and SameSite=Lax, for the auth routes only", async () => {
    const start = await new Browser().request({ url: "/api/auth/github/authorize" });
    const binding = start.cookies.filter((c) => c.name === BINDING);
    expect(binding).toHaveLength(1);
    expect(binding[0]).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth" });
    expect(binding[0]!.value.length).toBeGreaterThanOrEqual(32);
  });

  it("refuses the callback of a browser whose binding cookie is missing", async () => {
    github.signInAs({
      id: 8802,
      login: "lost-cookie",
      name: null,
      emails: [{ email: "lost-cookie@example.org", primary: true, verified: true }],
    });
    const browser = new Browser();
    const start = await browser.request({ url: "/api/auth/github/authorize" });
    browser.jar.delete(BINDING);
    const atGithub = await fetch(start.headers.location as string, { redirect: "manual" });
    const callback = new URL(atGithub.headers.get("location")!);
    const back = await browser.request({ url: callback.pathname + callback.search });
    expect(back.headers.location).toBe("/login?error=github_other_browser");
  });
});
