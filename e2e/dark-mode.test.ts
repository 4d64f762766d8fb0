import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Person, sceneApi } from "./api-setup";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { launchBrowser, newPage, SHOTS_DIR, seriousViolations, shoot } from "./site-support";

// Issue 33: the app follows the system's colour scheme, a visitor can override it (Light, Dark,
// System) from the header's settings menu or the mobile menu, the choice is applied before first
// paint, and every page reads well in the dark scheme.
const ADMIN = { email: "dark-admin@example.org", password: "dark-admin-password" };
const DAY_MS = 86_400_000;
/** Mantine's body colours: dark 7 and white. */
const DARK_BODY = "rgb(36, 36, 36)";
const LIGHT_BODY = "rgb(255, 255, 255)";

/** As installed: the landing page is the build's prerender, which the browser adopts. */
let site: TestServer;
/** With the submission window open, a scored submission and an organizer. */
let server: TestServer;
let browser: Browser;
let owner: Person;
let submissionId: string;
const scene = sceneApi(() => server.baseUrl);
const url = (path: string) => `${server.baseUrl}${path}`;
const siteUrl = (path: string) => `${site.baseUrl}${path}`;

beforeAll(async () => {
  [site, server] = await Promise.all([
    startServer(),
    startServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      COMPETITION_OPENS_AT: new Date(Date.now() - DAY_MS).toISOString(),
      COMPETITION_CLOSES_AT: new Date(Date.now() + DAY_MS).toISOString(),
    }),
  ]);
  browser = await launchBrowser();
  const adminToken = (await scene.call("/login-verification", { body: ADMIN })).body
    .token as string;
  const team = await scene.activeTeam(adminToken, "dark-owls");
  owner = team.owner;
  const sample = await (await fetch(url("/static/retail-banking/sample_submission_c1.csv"))).text();
  submissionId = (await scene.submit(team.apiKey, sample)).submission_id as string;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await site?.stop();
});

/** Errors the page reports: uncaught ones (a failed hydration is one) and CSP refusals. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // A signed-out visitor's session check answers 401: not a fault of the page.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(message.text());
    }
  });
  return errors;
}

const schemeOf = (page: Page) =>
  page.evaluate<string | null>(
    'document.documentElement.getAttribute("data-mantine-color-scheme")',
  );
const bodyBackground = (page: Page) =>
  page.evaluate<string>("getComputedStyle(document.body).backgroundColor");
/**
 * The build's prerendered landing page, not yet adopted by the app (which drops the attribute
 * once it has hydrated): whatever scheme it shows, the HTML alone set it.
 */
const prerenderedNotAdopted = (page: Page) =>
  page.evaluate<boolean>(
    'document.getElementById("root").hasAttribute("data-prerendered") && document.getElementById("root").childElementCount > 0',
  );

/** Dark, axe clean and no sideways scroll at 1280 and 390 px, with a screenshot of each. */
async function lookAt(page: Page, name: string) {
  expect(await schemeOf(page), name).toBe("dark");
  expect(await bodyBackground(page), name).toBe(DARK_BODY);
  // The landing page skips rendering its sections far below the fold (content-visibility):
  // render them all, so that axe measures their colours and the screenshot shows them.
  await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
  // Soft: one run reports every page's findings.
  await shoot(page, `dark-${name}`, { soft: true, atWidth: () => page.waitForTimeout(200) });
}

async function signIn(page: Page, person: { email: string; password: string }) {
  await signInWithForm(page, server.baseUrl, person);
}

describe("dark mode from the system setting", () => {
  it("shows every public page dark and readable", async () => {
    const page = await newPage(browser, { colorScheme: "dark" });
    const errors = watchErrors(page);
    const pages: [string, string][] = [
      ["landing", "/"],
      ["about", "/about"],
      ["rules", "/rules"],
      ["domains", "/domains"],
      ["domain", "/domains/retail-banking"],
      ["leaderboard", "/leaderboard"],
      ["login", "/login"],
      ["register", "/register"],
    ];
    for (const [name, path] of pages) {
      await page.goto(siteUrl(path));
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
      if (name === "landing") {
        // Read as it arrives (the app loads on the first input), then adopted by the app, not
        // rendered anew (that drops the attribute).
        expect(await prerenderedNotAdopted(page)).toBe(true);
        await lookAt(page, "landing-before-app");
        await page.mouse.move(2, 2);
        await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
        await page.waitForLoadState("networkidle");
      }
      await lookAt(page, name);
    }
    // The landing page is prerendered light-agnostic: adopting it in the dark raised no error.
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it("shows the dashboard, a submission and the console dark and readable", async () => {
    const page = await newPage(browser, { colorScheme: "dark" });
    const errors = watchErrors(page);
    await signIn(page, owner);
    await page.getByRole("article", { name: "dark-owls" }).waitFor();
    await page.waitForLoadState("networkidle");
    await lookAt(page, "dashboard");

    await page.goto(url(`/submissions/${submissionId}`));
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForLoadState("networkidle");
    await lookAt(page, "submission");
    await page.close();

    const organizer = await newPage(browser, { colorScheme: "dark" });
    errors.push(...watchErrors(organizer));
    await signIn(organizer, ADMIN);
    await organizer.goto(url("/admin"));
    await organizer.getByRole("heading", { level: 1 }).first().waitFor();
    await organizer.waitForLoadState("networkidle");
    await lookAt(organizer, "console-overview");
    await organizer.goto(url("/admin/teams"));
    await organizer.getByRole("row").filter({ hasText: "dark-owls" }).waitFor();
    await organizer.waitForLoadState("networkidle");
    await lookAt(organizer, "console-teams");
    expect(errors).toEqual([]);
    await organizer.close();
  }, 240_000);
});

describe("the colour scheme switch", () => {
  it("applies the system's scheme before any script of the app has run", async () => {
    const page = await newPage(browser, { colorScheme: "dark" });
    const errors = watchErrors(page);
    // Without the app's code, only the HTML's inline script can have set the scheme.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(siteUrl("/"));
    expect(await prerenderedNotAdopted(page)).toBe(true);
    expect(await schemeOf(page)).toBe("dark");
    expect(await bodyBackground(page)).toBe(DARK_BODY);
    // The gateway's Content-Security-Policy let the inline script run.
    expect(errors.filter((error) => error.includes("Content Security Policy"))).toEqual([]);
    await page.close();
  });

  it("overrides the system with Light, keeps it across a reload without a flash, and follows the system again under System", async () => {
    const page = await newPage(browser, { colorScheme: "dark" });
    const errors = watchErrors(page);
    await page.goto(siteUrl("/"));
    await page.waitForLoadState("networkidle");
    expect(await schemeOf(page)).toBe("dark");

    const choose = async (label: string) => {
      await page.getByRole("banner").getByRole("button", { name: "Settings" }).click();
      const menu = page.getByRole("menu");
      await menu.getByRole("menuitemradio", { name: label }).click();
      expect(
        await menu.getByRole("menuitemradio", { name: label }).getAttribute("aria-checked"),
      ).toBe("true");
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "hidden" });
    };

    await choose("Light");
    expect(await schemeOf(page)).toBe("light");
    expect(await bodyBackground(page)).toBe(LIGHT_BODY);

    // Reloaded without the app's code: the HTML alone already paints it light.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    expect(await prerenderedNotAdopted(page)).toBe(true);
    expect(await schemeOf(page)).toBe("light");
    expect(await bodyBackground(page)).toBe(LIGHT_BODY);
    await page.unroute("**/assets/*.js");

    // And the app, once running (it loads on the first input), keeps it.
    await page.reload();
    await page.mouse.move(2, 2);
    await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    expect(await schemeOf(page)).toBe("light");

    await choose("System");
    expect(await schemeOf(page)).toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => schemeOf(page)).toBe("light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => schemeOf(page)).toBe("dark");

    await choose("Dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForTimeout(200);
    expect(await schemeOf(page)).toBe("dark");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("switches from the mobile menu", async () => {
    const page = await newPage(browser, { width: 390, height: 844, colorScheme: "light" });
    await page.goto(siteUrl("/rules"));
    await page.waitForLoadState("networkidle");
    expect(await schemeOf(page)).toBe("light");
    await page.getByRole("button", { name: "Toggle navigation" }).click();
    const drawer = page.getByRole("dialog", { name: "Tandem" });
    const theme = drawer.getByRole("radiogroup", { name: "Theme" });
    await theme.waitFor();
    await theme.getByText("Dark", { exact: true }).click();
    expect(await schemeOf(page)).toBe("dark");
    expect(await theme.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);
    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: join(SHOTS_DIR, "dark-mobile-menu-390.png") });
    await page.close();
  });
});
