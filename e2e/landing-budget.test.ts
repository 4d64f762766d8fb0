import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sceneApi } from "./api-setup";
import { competition } from "./competition";
import { startServer, type TestServer } from "./pages";
import { initialScripts, LANDING_JS_BUDGET_BYTES, launchBrowser } from "./site-support";

const ADMIN = { email: "budget-admin@example.org", password: "budget-admin-password" };

let server: TestServer;
let browser: Browser;

/** The JavaScript `path` loads before anyone touches it, within the landing page's budget. */
async function expectWithinBudget(path: string) {
  const scripts = await initialScripts(browser, `${server.baseUrl}${path}`);
  const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
  // The files in the message: a failure names what came in.
  expect(total, JSON.stringify(Object.fromEntries(scripts))).toBeLessThanOrEqual(
    LANDING_JS_BUDGET_BYTES,
  );
  // Something was measured: a page that loaded no script at all would be another bug.
  expect(scripts.size).toBeGreaterThan(0);
}

beforeAll(async () => {
  // Without a GitHub app, as on a fresh install: the sign-in page then says GitHub sign-in is off
  // from its first script, so it too starts without the app (docs/adr/0026).
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("landing page budget", () => {
  it("loads at most 100 KB of JavaScript (gzip) before anyone touches it", async () => {
    await expectWithinBudget("/");
  });

  // The content pages and the forms are prerendered and start the same way (docs/adr/0025,
  // 0026), and so do the leaderboards' gates for a signed-out reader and the domain pages the
  // gateway renders (docs/adr/0027, 0028).
  it.each([
    "/about",
    "/rules",
    "/resources",
    "/sponsors",
    "/domains",
    "/login",
    "/register",
    "/leaderboard",
    "/leaderboard/domain/Retail%20Banking",
    ...competition.domains.map((domain) => domain.route),
  ])(
    "%s loads no more JavaScript than the landing page's budget before anyone touches it",
    (path) => expectWithinBudget(path),
  );

  // Open to everyone, the leaderboards are rendered per request with their standings (0028).
  it("holds the open leaderboards to the same budget", async () => {
    const { call, editDefinition } = sceneApi(() => server.baseUrl);
    const token = (await call("/login-verification", { body: ADMIN })).body.token as string;
    await editDefinition(token, (definition) => {
      definition.leaderboard_visibility = "public";
    });
    for (const path of ["/leaderboard", "/leaderboard/domain/Retail%20Banking"]) {
      await expectWithinBudget(path);
    }
  });
});
