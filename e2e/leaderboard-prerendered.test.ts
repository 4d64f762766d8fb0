import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sceneApi } from "./api-setup";
import { newBoundContext } from "./browser";
import { startServer, type TestServer } from "./pages";
import {
  collectErrors,
  horizontalOverflow,
  launchBrowser,
  newPage,
  SHOTS_DIR,
  seriousViolations,
  watchAppRequests,
} from "./site-support";

// docs/adr/0027: /leaderboard as a signed-out reader sees it under the build's definition
// (leaderboard_visibility "organizers") is prerendered; a domain's leaderboard is rendered per
// request (docs/adr/0028), as are both once open to everyone (below).
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
    const context = await newBoundContext(browser, { javaScriptEnabled: false });
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
      const appRequested = watchAppRequests(page);
      await page.goto(url("/leaderboard"));
      await page.waitForLoadState("networkidle");
      expect(appRequested()).toBe(false);
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

  it("gates a domain's leaderboard the same way, rendered per request by name or slug", async () => {
    const context = await newBoundContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of [
      "/leaderboard/domain/Retail%20Banking",
      "/leaderboard/domain/retail-banking",
    ]) {
      await page.goto(url(path));
      await page.getByRole("heading", { level: 1, name: "Retail Banking Leaderboard" }).waitFor();
      await page.getByText(LEADERBOARD_MESSAGES.domainLoginRequired, { exact: true }).waitFor();
      expect(await page.locator(`#root[data-prerendered="${path}"]`).count(), path).toBe(1);
    }
    await context.close();
  });
});

// docs/adr/0028: open to everyone, the leaderboards are rendered per request from the rankings
// a signed-out reader would be sent, and the app takes over on the first input or when the
// standings are due for their 5-minute refresh.
describe("the leaderboards open to everyone", () => {
  const paths = ["/leaderboard", "/leaderboard/domain/Retail%20Banking"];
  /** What each page says with no results yet. */
  const noRows = (path: string) =>
    path === "/leaderboard"
      ? LEADERBOARD_MESSAGES.noTeams
      : LEADERBOARD_MESSAGES.noDomainSubmissions;
  beforeAll(async () => {
    const { call, editDefinition } = sceneApi(() => server.baseUrl);
    const token = (await call("/login-verification", { body: ADMIN })).body.token as string;
    await editDefinition(token, (definition) => {
      definition.leaderboard_visibility = "public";
    });
  });

  it("arrive with their standings, readable with scripts off", async () => {
    const context = await newBoundContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(url(path));
      expect(await page.locator(`#root[data-prerendered="${path}"]`).count(), path).toBe(1);
      // The standings' own line, from the board's data: the time it was computed, in UTC.
      const note = page.getByText(/^Ranking as of .+ UTC\. Refreshes every 5 minutes\./).first();
      await note.waitFor();
      // Nothing refreshes before the app is there.
      expect(await note.innerText(), path).toContain("Refresh now");
      await page.getByText(noRows(path)).filter({ visible: true }).first().waitFor();
      expect(await page.getByText(LEADERBOARD_MESSAGES.loginRequired).count(), path).toBe(0);
    }
    await context.close();
  });

  it("load the app on the first input and adopt the page without errors or shifts", async () => {
    for (const path of paths) {
      for (const width of [1280, 390]) {
        const page = await newPage(browser, { width, height: width === 390 ? 844 : 900 });
        const errors = collectErrors(page);
        const appRequested = watchAppRequests(page);
        await page.goto(url(path));
        await page.waitForLoadState("networkidle");
        expect(appRequested(), path).toBe(false);
        const name = path === "/leaderboard" ? "overall" : "domain";
        await mkdir(SHOTS_DIR, { recursive: true });
        await page.screenshot({ path: join(SHOTS_DIR, `leaderboard-open-${name}-${width}.png`) });
        const heading = page.getByRole("heading", { level: 1 });
        const empty = page.getByText(noRows(path)).filter({ visible: true }).first();
        const before = [await heading.boundingBox(), await empty.boundingBox()];

        await page.mouse.move(2, 2);
        await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
        await page.waitForLoadState("networkidle");
        expect(
          [await heading.boundingBox(), await empty.boundingBox()],
          `${path} ${width} px`,
        ).toEqual(before);
        // Adopted: the reader's own zone and locale from here.
        await page
          .getByText(/^Ranking as of .+\. Refreshes every 5 minutes\./)
          .first()
          .waitFor();
        expect(await seriousViolations(page), `${path} ${width} px`).toEqual([]);
        expect(await horizontalOverflow(page), `${path} ${width} px`).toBe(0);
        expect(errors, `${path} ${width} px`).toEqual([]);
        await page.close();
      }
    }
  });

  it("load the app without any input when the standings are due for their refresh", async () => {
    const page = await newPage(browser);
    await page.clock.install();
    const appRequested = watchAppRequests(page);
    await page.goto(url("/leaderboard"));
    await page.waitForLoadState("networkidle");
    await page.clock.runFor(4 * 60_000);
    expect(appRequested()).toBe(false);
    await page.clock.runFor(60_000);
    await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
    expect(appRequested()).toBe(true);
    await page.close();
  });
});
