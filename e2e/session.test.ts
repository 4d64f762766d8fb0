import { MESSAGES } from "@tandem/contracts";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sceneApi } from "./api-setup";
import { openBrowser } from "./browser";
import {
  field,
  fillSecurityStep,
  goToSecurityStep,
  logoutThroughMenu,
  newRegistrant,
  startServer,
  type TestServer,
} from "./pages";

const DAY_SECONDS = 86_400;

let server: TestServer;
let baseUrl: string;
let chromium: Awaited<ReturnType<typeof openBrowser>>;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer({
    ADMIN_EMAIL: "session-admin@example.org",
    ADMIN_PASSWORD: "session-admin-pw",
  });
  baseUrl = server.baseUrl;
  chromium = await openBrowser();
  context = chromium.context;
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

/** Seconds from now until the auth_token cookie expires. */
async function sessionCookieLifetime(): Promise<number> {
  const cookie = (await context.cookies(baseUrl)).find(({ name }) => name === "auth_token");
  if (!cookie) throw new Error("no auth_token cookie");
  return cookie.expires - Date.now() / 1000;
}

async function storedToken(page: Page, area: "localStorage" | "sessionStorage") {
  return page.evaluate(`window.${area}.getItem("auth_token")`);
}

async function login(page: Page, email: string, password: string, rememberMe: boolean) {
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  if (rememberMe) await page.getByRole("checkbox", { name: "Remember me" }).check();
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
}

describe("a new participant's session", () => {
  it("registers in three steps, then signs in remembered for 7 days or for 1 day", async () => {
    const person = newRegistrant("session");
    const page = await context.newPage();

    await goToSecurityStep(page, baseUrl, person);
    await fillSecurityStep(page, person.password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { name: MESSAGES.registrationSuccessTitle }).waitFor();
    await page.getByText(MESSAGES.registrationSuccessBody, { exact: true }).waitFor();
    // Sign-up signs in as a remembered session.
    expect(await storedToken(page, "localStorage")).toBeTruthy();

    await page.getByRole("link", { name: "Continue to Dashboard" }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByText(person.email, { exact: true }).waitFor();

    await logoutThroughMenu(page, baseUrl);
    expect(await storedToken(page, "localStorage")).toBeNull();

    await login(page, person.email, person.password, true);
    expect(await sessionCookieLifetime()).toBeGreaterThan(7 * DAY_SECONDS - 600);
    expect(await sessionCookieLifetime()).toBeLessThanOrEqual(7 * DAY_SECONDS);
    expect(await storedToken(page, "localStorage")).toBeTruthy();
    expect(await storedToken(page, "sessionStorage")).toBeNull();

    await logoutThroughMenu(page, baseUrl);

    await login(page, person.email, person.password, false);
    expect(await sessionCookieLifetime()).toBeGreaterThan(DAY_SECONDS - 600);
    expect(await sessionCookieLifetime()).toBeLessThanOrEqual(DAY_SECONDS);
    expect(await storedToken(page, "sessionStorage")).toBeTruthy();
    expect(await storedToken(page, "localStorage")).toBeNull();

    await page.reload();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByText(person.email, { exact: true }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/dashboard`);
    await page.close();
  });
});

describe("signing out everywhere", () => {
  it("ends the session on the other device too, and demo login stays off", async () => {
    const person = newRegistrant("everywhere");
    const laptop = await context.newPage();
    await goToSecurityStep(laptop, baseUrl, person);
    await fillSecurityStep(laptop, person.password);
    await laptop.getByRole("button", { name: "Create Account" }).click();
    await laptop.getByRole("heading", { name: MESSAGES.registrationSuccessTitle }).waitFor();

    // A second device: its own browser profile, signed in with the same account.
    const phone = await openBrowser();
    try {
      const phonePage = await phone.context.newPage();
      await phonePage.goto(`${baseUrl}/login`);
      await login(phonePage, person.email, person.password, true);
      const phoneToken = await storedToken(phonePage, "localStorage");

      await laptop.goto(`${baseUrl}/dashboard`);
      await laptop.getByRole("button", { name: "Settings" }).click();
      await laptop.getByRole("menuitem", { name: "Sign out everywhere" }).click();
      await laptop.waitForURL(`${baseUrl}/login`);

      // The phone's stored token is refused by the server: back to the login page.
      await phonePage.goto(`${baseUrl}/dashboard`);
      await phonePage.waitForURL(/\/login/);
      const teams = (
        await fetch(`${baseUrl}/api/teams`, { headers: { authorization: `Bearer ${phoneToken}` } })
      ).status;
      expect(teams).toBe(401);
    } finally {
      await phone.close();
    }

    const config = (await (await fetch(`${baseUrl}/api/config/public`)).json()) as {
      demo_login_enabled: boolean;
    };
    expect(config.demo_login_enabled).toBe(false);
    await laptop.close();
  });
});

describe("a session not remembered, in a new tab (issue 33)", () => {
  it("is signed in in a new tab while a tab holds it, and ends once every tab is closed", async () => {
    const person = await sceneApi(() => baseUrl).signUp("new-tab");
    // A browser of its own, so "every tab" is only this test's.
    const own = await openBrowser();
    try {
      const first = await own.context.newPage();
      await first.goto(`${baseUrl}/login`);
      await login(first, person.email, person.password, false);
      expect(await storedToken(first, "sessionStorage")).toBeTruthy();
      expect(await storedToken(first, "localStorage")).toBeNull();

      // Opened by hand (no opener): its sessionStorage starts empty; an open tab hands it the
      // session.
      const second = await own.context.newPage();
      await second.goto(`${baseUrl}/dashboard`);
      await second.getByRole("heading", { name: "Dashboard" }).waitFor();
      await second.getByText(person.email, { exact: true }).waitFor();
      expect(second.url()).toBe(`${baseUrl}/dashboard`);
      expect(await storedToken(second, "sessionStorage")).toBe(
        await storedToken(first, "sessionStorage"),
      );
      expect(await storedToken(second, "localStorage")).toBeNull();

      // Every tab closed (the browser's cookies and localStorage stay, as after closing and
      // reopening the window): nobody holds the session, so it has ended.
      for (const open of own.context.pages()) await open.close();
      const third = await own.context.newPage();
      await third.goto(`${baseUrl}/dashboard`);
      await third.waitForURL(/\/login/);
      expect(await storedToken(third, "sessionStorage")).toBeNull();
      // Nobody answered, so the tabs opened next do not even ask.
      expect(await third.evaluate(`window.localStorage.getItem("tab_session")`)).toBeNull();
      await third.close();
    } finally {
      await own.close();
    }
  });
});
