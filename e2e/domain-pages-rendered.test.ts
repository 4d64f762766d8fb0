import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { SITE_TIMERS } from "@tandem/competition";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBoundContext } from "./browser";
import { competition } from "./competition";
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

// docs/adr/0027: the gateway renders each domain page per request with the web's server build,
// so it reads without a script; the app adopts it on the first input.

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseUrl}${path}`;

/** What the page shows once its loading time is over, each part a locator to measure. */
function parts(page: Page, name: string): Record<string, Locator> {
  const preview = page.getByRole("region", { name: "Data Preview" });
  return {
    title: page.getByRole("heading", { level: 1, name, exact: true }),
    clock: page.getByTestId("deadline-clock"),
    overview: page.getByRole("heading", { level: 2, name: "Overview" }),
    firstChallenge: page.getByRole("article").first(),
    preview: preview.getByRole("region", { name: /^(First rows|Start) of / }),
    downloads: page.getByRole("heading", { level: 2, name: "Downloads" }),
  };
}

describe("domain pages rendered by the server", () => {
  it("show the loading state, then every part with scripts off", async () => {
    const context = await newBoundContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    for (const domain of competition.domains) {
      const started = Date.now();
      await page.goto(url(domain.route));
      const loading = page.getByRole("status").filter({ hasText: "Loading domain" });
      const title = page.getByRole("heading", { level: 1, name: domain.name, exact: true });
      const loadingShown = await loading.isVisible();
      const titleShown = await title.isVisible();
      // Both looked at before the loading time was over (unless this machine took that long).
      if (Date.now() - started < SITE_TIMERS.domainLoadingMs) {
        expect(loadingShown, domain.route).toBe(true);
        expect(titleShown, domain.route).toBe(false);
      }
      await title.waitFor();
      expect(Date.now() - started).toBeGreaterThanOrEqual(SITE_TIMERS.domainLoadingMs);
      expect(await loading.isVisible(), domain.route).toBe(false);
      for (const [part, locator] of Object.entries(parts(page, domain.name))) {
        expect(await locator.isVisible(), `${domain.route}: ${part}`).toBe(true);
      }
      const rows = page.getByRole("region", { name: "Data Preview" }).locator("tbody tr, code");
      expect(await rows.count(), domain.route).toBeGreaterThan(0);
      const notebooks = page.getByRole("link", { name: "Baseline notebook (.ipynb)" });
      expect(await notebooks.count(), domain.route).toBe(domain.challenges.length);
      expect(await page.getByRole("contentinfo").count(), domain.route).toBe(1);
    }
    await context.close();
  });

  it("load the app on the first input and adopt the page without errors or shifts", async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    for (const width of [1280, 390]) {
      for (const domain of competition.domains) {
        const page = await newPage(browser, { width, height: width === 390 ? 844 : 900 });
        const errors = collectErrors(page);
        let appRequested = false;
        page.on("request", (request) => {
          if (APP_SCRIPT.test(request.url())) appRequested = true;
        });
        await page.goto(url(domain.route));
        await page.getByRole("heading", { level: 1, name: domain.name, exact: true }).waitFor();
        await page.waitForLoadState("networkidle");
        expect(appRequested, domain.route).toBe(false);
        expect(
          await page.locator(`#root[data-prerendered="${domain.route}"]`).count(),
          domain.route,
        ).toBe(1);
        if (domain === competition.domains[0]) {
          await page.screenshot({
            path: join(SHOTS_DIR, `domain-rendered-${width}.png`),
            fullPage: true,
          });
        }
        const shown = parts(page, domain.name);
        const boxes = async () =>
          Object.fromEntries(
            await Promise.all(
              Object.entries(shown).map(async ([part, locator]) => [
                part,
                await locator.boundingBox(),
              ]),
            ),
          );
        const before = await boxes();

        await page.mouse.move(2, 2);
        await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
        await page.waitForLoadState("networkidle");
        expect(await boxes(), `${domain.route} at ${width} px`).toEqual(before);
        expect(await page.getByRole("contentinfo").count(), domain.route).toBe(1);
        if (domain === competition.domains[0]) {
          expect(await seriousViolations(page), `${width} px`).toEqual([]);
          expect(await horizontalOverflow(page), `${width} px`).toBe(0);
        }
        expect(errors, `${domain.route} at ${width} px`).toEqual([]);
        await page.close();
      }
    }
  });

  it("keeps a file picked from the data preview before the app had adopted the page", async () => {
    const domain = competition.domains.find((candidate) => candidate.dataFiles.length > 1);
    const file = domain?.dataFiles.filter((candidate) => candidate.name.endsWith(".csv")).at(-1);
    if (!domain || !file) throw new Error("no domain with several files");
    const page = await newPage(browser);
    await page.goto(url(domain.route));
    const preview = page.getByRole("region", { name: "Data Preview" });
    await preview.getByRole("region", { name: /^(First rows|Start) of / }).waitFor();
    await preview.getByLabel("File").selectOption(file.name);
    await preview.getByRole("region", { name: `First rows of ${file.name}` }).waitFor();
    expect(await preview.getByLabel("File").inputValue()).toBe(file.name);
    await page.close();
  });
});
