import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { MESSAGES } from "@tandem/contracts";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGithubStandin } from "../test/support/github-standin";
import { openBrowser } from "./browser";
import { startServer, type TestServer } from "./pages";
import { horizontalOverflow, SHOTS_DIR, seriousViolations } from "./site-support";

// Issue 31, finding 8: "Login CSRF through the GitHub return: the one-minute code of
// /login/success?token= is not bound to the browser that started the sign-in; a victim opening
// an attacker's link was silently signed in as the attacker." Two Chromium profiles, one the
// attacker's and one the victim's, against the embedded server and the GitHub stand-in.

let baseUrl: string;
let server: TestServer;
let github: Awaited<ReturnType<typeof startGithubStandin>>;
let attacker: Awaited<ReturnType<typeof openBrowser>>;
let victim: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  github = await startGithubStandin();
  server = await startServer((url) => ({
    // GitHub returns to the address the browsers use, so the sign-in's cookies come along.
    PUBLIC_URL: url,
    ...github.env,
  }));
  baseUrl = server.baseUrl;
  attacker = await openBrowser();
  victim = await openBrowser();
});

afterAll(async () => {
  await attacker?.close();
  await victim?.close();
  await server?.stop();
  await github?.close();
});

const url = (path: string) => `${baseUrl}${path}`;

/** Whether the profile holds a session: a session cookie, or a token the SPA keeps. */
async function signedIn(context: BrowserContext, page: Page): Promise<boolean> {
  const cookie = (await context.cookies(baseUrl)).some((c) => c.name === "auth_token");
  const stored = await page.evaluate(
    "Boolean(localStorage.getItem('auth_token') || sessionStorage.getItem('auth_token'))",
  );
  return cookie || stored === true;
}

/**
 * The attacker signs in with GitHub in their own browser but stops at the return link: their
 * page's exchange is held back, as an attacker would, so the link's code stays unspent.
 */
async function attackersReturnLink(page: Page): Promise<string> {
  const links: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.url().includes("/login/success"))
      links.push(request.url());
  });
  await page.route("**/api/auth/exchange", (route) => route.abort());
  await page.goto(url("/login"));
  await page.getByRole("button", { name: "Continue with GitHub" }).click();
  await page.waitForURL(/\/login\?error=github$/);
  await page.unroute("**/api/auth/exchange");
  expect(links).toHaveLength(1);
  return links[0]!;
}

describe("GitHub sign-in in two browser profiles", () => {
  it("a victim opening an attacker's GitHub return link is not signed in as the attacker, and sees why", async () => {
    github.signInAs({
      id: 9801,
      login: "mallory",
      name: "Mallory",
      emails: [{ email: "mallory@example.org", primary: true, verified: true }],
    });
    const attackerPage = await attacker.context.newPage();
    const link = await attackersReturnLink(attackerPage);
    expect(new URL(link).pathname).toBe("/login/success");

    const victimPage = await victim.context.newPage();
    await victimPage.goto(link);
    await victimPage.waitForURL(url("/login?error=github_other_browser"));
    expect(await victimPage.getByRole("alert").textContent()).toContain(
      MESSAGES.githubOtherBrowser,
    );
    expect(await signedIn(victim.context, victimPage)).toBe(false);
    await victimPage.goto(url("/dashboard"));
    await victimPage.waitForURL(/\/login/);
    expect(await victimPage.getByText("mallory@example.org").count()).toBe(0);

    // The message is readable and clean at both widths.
    await victimPage.goto(url("/login?error=github_other_browser"));
    await mkdir(SHOTS_DIR, { recursive: true });
    for (const width of [1280, 390]) {
      await victimPage.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await victimPage.getByRole("alert").waitFor();
      expect(await seriousViolations(victimPage), `at ${width} px`).toEqual([]);
      expect(await horizontalOverflow(victimPage), `at ${width} px`).toBe(0);
      await victimPage.screenshot({
        path: join(SHOTS_DIR, `github-other-browser-${width}.png`),
        fullPage: true,
      });
    }
    await victimPage.close();

    // The browser that started the sign-in still completes it with the same link.
    await attackerPage.goto(link);
    await attackerPage.waitForURL(url("/dashboard"));
    await attackerPage.getByText("mallory@example.org").first().waitFor();
    await attackerPage.close();
  });

  it("still signs a person in through the button in their own profile", async () => {
    github.signInAs({
      id: 9802,
      login: "victor",
      name: "Victor Im",
      emails: [{ email: "victor@example.org", primary: true, verified: true }],
    });
    const page = await victim.context.newPage();
    await page.goto(url("/login"));
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    await page.waitForURL(url("/dashboard"));
    await page.getByText("victor@example.org").first().waitFor();
    expect(await signedIn(victim.context, page)).toBe(true);
    // The binding cookie did its one job and is gone.
    const left = await victim.context.cookies();
    expect(left.map((c) => c.name)).not.toContain("tandem_github_browser");
    await page.close();
  });
});
