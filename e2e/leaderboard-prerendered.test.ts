import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, sceneApi } from "./api-setup";
import { startServer, type TestServer } from "./pages";
import {
  APP_SCRIPT,
  collectErrors,
  horizontalOverflow,
  launchBrowser,
  newPage,
  SHOTS_DIR,
  seriousViolations,
} from "./site-support";

// docs/adr/0027: /leaderboard as a signed-out reader sees it under the build's definition
// (leaderboard_visibility "organizers") is prerendered; the rankings themselves never are.
const ADMIN = { email: "lb-prerender-admin@example.org", password: "lb-prerender-password" };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseUrl}${path}`;

describe("the prerendered leaderboard", () => {
  it("asks a signed-out reader to log in with scripts off", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/leaderboard"));
    await page.getByRole("heading", { level: 1, name: "Leaderboard" }).waitFor();
    await page.getByText(LEADERBOARD_MESSAGES.loginRequired, { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Log In" }).last().getAttribute("href")).toBe(
      "/login",
    );
    // The app has no footer on this page, so the prerender has none either.
    expect(await page.getByRole("contentinfo").count()).toBe(0);
    await context.close();
  });

  it("loads the app on the first input and adopts the page without errors or shifts", async () => {
    for (const width of [1280, 390]) {
      const page = await newPage(browser, { width, height: width === 390 ? 844 : 900 });
      const errors = collectErrors(page);
      let appRequested = false;
      page.on("request", (request) => {
        if (APP_SCRIPT.test(request.url())) appRequested = true;
      });
      await page.goto(url("/leaderboard"));
      await page.waitForLoadState("networkidle");
      expect(appRequested).toBe(false);
      expect(await page.locator('#root[data-prerendered="/leaderboard"]').count()).toBe(1);
      await mkdir(SHOTS_DIR, { recursive: true });
      await page.screenshot({ path: join(SHOTS_DIR, `leaderboard-prerendered-${width}.png`) });
      const heading = page.getByRole("heading", { level: 1 });
      const message = page.getByText(LEADERBOARD_MESSAGES.loginRequired, { exact: true });
      const before = [await heading.boundingBox(), await message.boundingBox()];

      await page.mouse.move(2, 2);
      await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
      await page.waitForLoadState("networkidle");
      expect([await heading.boundingBox(), await message.boundingBox()], `${width} px`).toEqual(
        before,
      );
      expect(await seriousViolations(page), `${width} px`).toEqual([]);
      expect(await horizontalOverflow(page), `${width} px`).toBe(0);
      // The adopted page's links are the app's, with the way back after signing in.
      let documents = 0;
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents += 1;
      });
      await page.getByRole("main").getByRole("link", { name: "Log In" }).click();
      await page.waitForURL(url("/login"));
      expect(documents).toBe(0);
      expect(errors, `${width} px`).toEqual([]);
      await page.close();
    }
  });

  it("is not served once the leaderboards are open to everyone: the rankings come from the app", async () => {
    const { call } = sceneApi(() => server.baseUrl);
    const token = (await call("/login-verification", { body: ADMIN })).body.token as string;
    const setVisibility = async (visibility: string) => {
      const current = await call("/admin/competition", { method: "GET", headers: bearer(token) });
      const { version, definition } = current.body as {
        version: number;
        definition: { leaderboard_visibility: string };
      };
      definition.leaderboard_visibility = visibility;
      const saved = await call("/admin/competition", {
        method: "PUT",
        headers: bearer(token),
        body: { version, definition, rescore: false, dry_run: false },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    await setVisibility("public");
    try {
      const page = await newPage(browser);
      const errors = collectErrors(page);
      await page.goto(url("/leaderboard"));
      await page.getByRole("heading", { level: 2, name: "Domain leaderboards" }).waitFor();
      await page.getByText(LEADERBOARD_MESSAGES.noTeams).first().waitFor();
      expect(await page.locator("#root[data-prerendered]").count()).toBe(0);
      expect(await page.getByText(LEADERBOARD_MESSAGES.loginRequired).count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await setVisibility("organizers");
    }
    const page = await newPage(browser);
    await page.goto(url("/leaderboard"));
    expect(await page.locator('#root[data-prerendered="/leaderboard"]').count()).toBe(1);
    await page.close();
  });
});
