import { MESSAGES } from "@tandem/contracts";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGithubStandin } from "../test/support/github-standin";
import { resetLinkIn, startSmtpSink } from "../test/support/smtp-sink";
import { openBrowser } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";

const ADMIN = { email: "flows-admin@example.org", password: "flows-admin-pw" };
let baseUrl: string;
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let github: Awaited<ReturnType<typeof startGithubStandin>>;
let chromium: Awaited<ReturnType<typeof openBrowser>>;
let context: BrowserContext;

beforeAll(async () => {
  smtp = await startSmtpSink();
  github = await startGithubStandin();
  server = await startServer((url) => ({
    PUBLIC_URL: url,
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JUPYTERHUB_URL: `${github.origin}/hub/`,
    ...github.env,
  }));
  baseUrl = server.baseUrl;
  chromium = await openBrowser();
  context = chromium.context;
});

afterAll(async () => {
  await chromium?.close();
  await server?.stop();
  await smtp?.close();
  await github?.close();
});

async function api(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function register(email: string, password: string) {
  const created = await api("/save-user-signup", {
    firstName: "Reset",
    lastName: "Tester",
    fullName: "Reset Tester",
    email,
    password,
    isStudent: false,
    position: "Engineer",
    area: "Healthcare",
    eligible: true,
    rememberMe: true,
  });
  expect(created.status).toBe(201);
}

async function signInThroughPage(page: Page, email: string, password: string) {
  await signInWithForm(page, baseUrl, { email: email, password: password });
}

async function signOut(page: Page) {
  // Runs in the page, where the DOM's storages exist.
  await page.evaluate("localStorage.clear(); sessionStorage.clear();");
  await context.clearCookies();
}

describe("forgot and reset password", () => {
  it("mails a link that greets the user, sets a new password, and signing in works", async () => {
    await register("reset-me@example.org", "first-password");
    const page = await context.newPage();
    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel(/Email/).fill("reset-me@example.org");
    await page.getByRole("button", { name: "Send reset instructions" }).click();
    await page.getByText(MESSAGES.forgotSent).waitFor();

    const link = resetLinkIn((await smtp.waitFor("reset-me@example.org")).raw);
    expect(link.startsWith(`${baseUrl}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page
      .getByText(/Reset Tester/)
      .first()
      .waitFor();
    await page.getByLabel(/^New password/i).fill("second-password");
    await page.getByLabel(/^Confirm/i).fill("second-password");
    await page.getByRole("button", { name: /reset password/i }).click();
    await page.waitForURL(`${baseUrl}/login`);

    await signInThroughPage(page, "reset-me@example.org", "second-password");
    await signOut(page);

    // The same link a second time: spent.
    await page.goto(link);
    await page.getByText(MESSAGES.resetInvalidToken).waitFor();
    await page.getByRole("link", { name: "Return to login" }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.close();
  });

  it("explains a missing token and validates the new password", async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/reset-password`);
    await page.getByText(MESSAGES.resetNoToken).waitFor();

    await register("validate-reset@example.org", "first-password");
    await api("/forgot-password", { email: "validate-reset@example.org" });
    const link = resetLinkIn((await smtp.waitFor("validate-reset@example.org")).raw);
    await page.goto(link);
    await page.getByLabel(/^New password/i).fill("12345");
    await page.getByLabel(/^Confirm/i).fill("54321");
    await page.getByRole("button", { name: /reset password/i }).click();
    await page.getByText(MESSAGES.resetPasswordMin).waitFor();
    await page.getByText(MESSAGES.resetPasswordsMismatch).waitFor();
    await page.close();
  });
});

describe("GitHub sign-in", () => {
  it("signs in a new GitHub user through the button and lands on /dashboard", async () => {
    github.signInAs({
      id: 9001,
      login: "newcomer",
      name: "New Comer",
      emails: [{ email: "newcomer@example.org", primary: true, verified: true }],
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByText("newcomer@example.org").waitFor();
    await signOut(page);
    await page.close();
  });

  it("signs an existing account in by its verified e-mail", async () => {
    await register("has-account@example.org", "some-password");
    github.signInAs({
      id: 9002,
      login: "existing",
      name: null,
      emails: [{ email: "has-account@example.org", primary: true, verified: true }],
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByText("has-account@example.org").waitFor();
    await signOut(page);
    await page.close();
  });

  it("returns to /login with the spec's message when GitHub refuses the exchange", async () => {
    github.signInAs({
      id: 9003,
      login: "refused",
      name: null,
      emails: [{ email: "refused@example.org", primary: true, verified: true }],
    });
    github.failNextExchanges(true);
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl}/login`);
      await page.getByRole("button", { name: "Continue with GitHub" }).click();
      await page.waitForURL(/\/login\?error=github$/);
      await page.getByText("Authentication failed. Please try again.").waitFor();
    } finally {
      github.failNextExchanges(false);
      await page.close();
    }
  });

  it("opens the notebook hub in a new tab for a member of an active team coming from target=jupyterhub", async () => {
    await register("hub-user@example.org", "hub-password");
    const login = await api("/login-verification", {
      email: "hub-user@example.org",
      password: "hub-password",
    });
    const team = await api(
      "/teams/create",
      { team_name: "hub-team" },
      { authorization: `Bearer ${login.body.token}` },
    );
    const admin = await api("/login-verification", ADMIN);
    const started = await api("/competition/start", undefined, {
      authorization: `Bearer ${admin.body.token}`,
      "x-team-id": (team.body.team as { id: string }).id,
    });
    expect(started.status).toBe(200);
    github.signInAs({
      id: 9004,
      login: "hubber",
      name: null,
      emails: [{ email: "hub-user@example.org", primary: true, verified: true }],
    });
    const page = await context.newPage();
    const popup = context.waitForEvent("page");
    await page.goto(`${baseUrl}/api/auth/github/authorize?target=jupyterhub`);
    await page.waitForURL(`${baseUrl}/dashboard`);
    const hub = await popup;
    expect(hub.url()).toContain(`${github.origin}/hub/`);
    await hub.close();
    await signOut(page);
    await page.close();
  });
});
