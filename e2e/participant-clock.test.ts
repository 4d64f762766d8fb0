import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATA_SEED } from "../test/support/services";
import { bearer, type Person, sceneApi } from "./api-setup";
import { newBoundContext } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { horizontalOverflow, launchBrowser, SHOTS_DIR, seriousViolations } from "./site-support";

// Issue 33: a participant in Tokyo (the competition's zone is America/Chicago) reads the deadline
// and the time left in their own zone, named, on the dashboard, a domain page and the submit
// dialog; a pause turns the readiness line and every submit button into disabled-with-reason;
// a team at its daily limit sees the dialog take no file before any upload.
const ADMIN = { email: "clock-admin@example.org", password: "clock-admin-pw" };
const ZONE = "Asia/Tokyo";
const ZONE_NAMED = "(Japan Standard Time, Asia/Tokyo)";
const HOUR_MS = 3_600_000;
const DATA_SCALE = "0.002";
const FRAUD = "Retail Banking C1: Fraud Detection";
const PAUSE_MESSAGE = "Answers of Retail Banking 2 are being fixed; back at 14:00 UTC.";
// 1 day, 4 hours and a half from the start: "1 day 4 hours left" for the whole test's length.
const CLOSES_AT = new Date(Date.now() + 28.5 * HOUR_MS);
CLOSES_AT.setUTCSeconds(0, 0);

let server: TestServer;
let baseUrl: string;
let adminToken: string;
let clockOwner: Person;
let limitedOwner: Person;
let browser: Browser;
const contexts: BrowserContext[] = [];
const scene = sceneApi(() => baseUrl);
const { call } = scene;

/** "Monday, November 30, 2026 at 2:59 PM", as a Tokyo clock shows it. */
const inTokyo = (at: Date) =>
  new Intl.DateTimeFormat("en-US", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: ZONE,
  }).format(at);
const DEADLINE = `Submissions count until ${inTokyo(CLOSES_AT)} ${ZONE_NAMED}: 1 day 4 hours left.`;

/** A browser context whose clock is in Tokyo, signed in as `person`, on the dashboard. */
async function signIn(person: { email: string; password: string }): Promise<Page> {
  const context = await newBoundContext(browser, {
    viewport: { width: 1280, height: 800 },
    timezoneId: ZONE,
  });
  contexts.push(context);
  const page = await context.newPage();
  await signInWithForm(page, baseUrl, person);
  return page;
}

/** Checks the page at both widths and keeps a screenshot of each for a person to look at. */
async function lookAt(page: Page, name: string, { fullPage = true } = {}) {
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
    expect(await horizontalOverflow(page), `${name} at ${width} px`).toBe(0);
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function settings(body: Record<string, unknown>) {
  const saved = await call("/admin/settings", {
    method: "PATCH",
    headers: bearer(adminToken),
    body,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** Every "Submit predictions" button on the page. */
const submitButtons = (page: Page) =>
  page.getByRole("button", { name: /^Submit predictions for / });

beforeAll(async () => {
  server = await startServer({
    DATA_SCALE,
    DATA_SEED: TEST_DATA_SEED,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COMPETITION_OPENS_AT: new Date(Date.now() - 24 * HOUR_MS).toISOString(),
    COMPETITION_CLOSES_AT: CLOSES_AT.toISOString(),
  });
  baseUrl = server.baseUrl;
  adminToken = (await call("/login-verification", { body: ADMIN })).body.token as string;
  clockOwner = (await scene.activeTeam(adminToken, "tokyo-otters")).owner;
  // A team whose own limit is 1, used up through the API.
  const limited = await scene.activeTeam(adminToken, "limit-otters");
  limitedOwner = limited.owner;
  const teams = await call("/teams", { method: "GET", headers: bearer(limitedOwner.token) });
  const [team] = teams.body.teams as { id: string }[];
  const set = await call(`/admin/teams/${team!.id}`, {
    method: "PATCH",
    headers: bearer(adminToken),
    body: { daily_limit: 1 },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const sample = await (
    await fetch(`${baseUrl}/static/retail-banking/sample_submission_c1.csv`)
  ).text();
  await scene.submit(limited.apiKey, sample);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe("the deadline in the participant's time zone", () => {
  let page: Page;

  it("the dashboard names Tokyo time and the time left", async () => {
    page = await signIn(clockOwner);
    const clock = page.getByTestId("deadline-clock");
    await clock.getByText("Competition is open", { exact: true }).waitFor();
    await clock.getByText(DEADLINE, { exact: true }).waitFor();
    expect(await page.getByTestId("team-readiness").textContent()).toBe("Ready to compete");
    await lookAt(page, "clock-dashboard");
  });

  it("a domain page says the same, and its submit dialog the quota with the reset", async () => {
    await page.goto(`${baseUrl}/domains/retail-banking`);
    await page.getByTestId("deadline-clock").getByText(DEADLINE, { exact: true }).waitFor();
    await lookAt(page, "clock-domain", { fullPage: false });

    await submitButtons(page).first().click();
    const dialog = page.getByRole("dialog", { name: FRAUD });
    await dialog.waitFor();
    expect(await dialog.getByTestId("deadline-clock").textContent()).toContain(DEADLINE);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    const quota = dialog.getByTestId("submit-quota");
    await quota.waitFor();
    // N of N: nothing sent yet today, whatever the server's daily limit.
    const said = (await quota.textContent()) ?? "";
    expect(said).toMatch(/^(\d+) of \1 submissions left today for this challenge, resets on /);
    expect(said).toContain(`resets on ${inTokyo(midnight)} ${ZONE_NAMED}, in `);
    expect(await dialog.getByLabel("Predictions file (CSV)").isEnabled()).toBe(true);
    await lookAt(page, "clock-dialog", { fullPage: false });
    await dialog.getByRole("button", { name: "Close" }).first().click();
  });
});

describe("a pause", () => {
  let page: Page;

  it("turns the readiness line and every submit button into disabled-with-reason", async () => {
    await settings({ submissions_paused: true, pause_message: PAUSE_MESSAGE });
    try {
      page = await signIn(clockOwner);
      const readiness = page.getByTestId("team-readiness");
      await page.getByText("Submissions paused", { exact: true }).waitFor();
      expect(await readiness.textContent()).toBe("Submissions paused");
      // The organizers' message: the site's banner, on every page.
      await page.getByRole("status").getByText(PAUSE_MESSAGE).waitFor();
      // Every challenge card's button on the dashboard.
      const dashboardButtons = submitButtons(page);
      await dashboardButtons.first().waitFor();
      expect(await dashboardButtons.count()).toBe(17);
      for (const button of await dashboardButtons.all())
        expect(await button.isDisabled()).toBe(true);
      const reason = await dashboardButtons.first().getAttribute("aria-describedby");
      expect(await page.locator(`[id="${reason}"]`).textContent()).toBe("Paused by the organizers");
      await lookAt(page, "clock-paused-dashboard");

      await page.goto(`${baseUrl}/domains/retail-banking`);
      await page.getByRole("status").getByText(PAUSE_MESSAGE).waitFor();
      const domainButtons = submitButtons(page);
      await domainButtons.first().waitFor();
      expect(await domainButtons.count()).toBeGreaterThan(0);
      for (const button of await domainButtons.all()) expect(await button.isDisabled()).toBe(true);
      await lookAt(page, "clock-paused-domain", { fullPage: false });
      // The challenge's buttons, the disabled one with its reason beside it.
      await domainButtons.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS_DIR, "clock-paused-domain-button-1280.png") });
    } finally {
      await settings({ submissions_paused: false });
    }
  });
});

describe("a team at its daily limit", () => {
  it("sees the dialog take no file, with the reason and the reset, before any upload", async () => {
    const page = await signIn(limitedOwner);
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/submit")) uploads.push(request.method());
    });
    // The dashboard's card says the limit is reached; the dialog is opened from the domain page.
    await page.getByText("1 of 1 today", { exact: true }).first().waitFor();
    await lookAt(page, "clock-limit-dashboard");
    await page.goto(`${baseUrl}/domains/retail-banking`);
    await page.getByRole("button", { name: `Submit predictions for ${FRAUD}` }).click();
    const dialog = page.getByRole("dialog", { name: FRAUD });
    await dialog.waitFor();
    const reason = dialog.getByRole("status").filter({
      hasText: "No submissions left today for this challenge",
    });
    await reason.waitFor();
    expect(await reason.textContent()).toContain(
      "Your team has used its one submission today for this challenge.",
    );
    expect(await reason.textContent()).toMatch(
      /You can submit again on .+ \(Japan Standard Time, Asia\/Tokyo\), in /,
    );
    expect(await dialog.getByLabel("Predictions file (CSV)").isDisabled()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Upload", exact: true }).isDisabled()).toBe(
      true,
    );
    await lookAt(page, "clock-limit-dialog", { fullPage: false });
    expect(uploads).toEqual([]);
  });
});
