import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MESSAGES } from "@tandem/contracts";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  type RunningProcess,
  startProcess,
  waitForReady,
} from "../test/support/processes";
import { openBrowser } from "./browser";
import { seriousViolations } from "./site-support";

// SPEC.md §2 Dashboard, §4 Team status, §5 team name and join rules, §8 Teams, §9.
const ADMIN = { email: "dashboard-admin@example.org", password: "dashboard-admin-pw" };
const ACTIVATION_REQUIRED = "Activation required";
const READY_TO_COMPETE = "Ready to compete";
const JUPYTER_ADMIN_REQUIRED =
  "Admin access required to launch JupyterHub. Please contact support if you need access.";

// Run in the page (this file is not compiled with the DOM library).
const STORED_API_KEY = `window.localStorage.getItem("api_key")`;
const CLIPBOARD_TEXT = "navigator.clipboard.readText()";
const HORIZONTAL_OVERFLOW =
  "document.documentElement.scrollWidth - document.documentElement.clientWidth";

interface Person {
  email: string;
  password: string;
  username: string;
}

type Browser = Awaited<ReturnType<typeof openBrowser>>;

let dir: string;
let baseUrl: string;
let server: RunningProcess;
const browsers: Browser[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tandem-e2e-"));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = startProcess("services/embedded/src/main.ts", {
    DATABASE_URL: "",
    REDIS_URL: "",
    DATA_DIR: dir,
    DATA_SCALE: "0.002",
    PORT: String(port),
    HOST: "127.0.0.1",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Several people sign up and in from one address within this file.
    RATE_LIMIT_AUTH_PER_IP: "1000",
    RATE_LIMIT_AUTH_PER_EMAIL: "1000",
  });
  await waitForReady(`${baseUrl}/api/ready`, server);
});

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function api(path: string, init: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: JSON.stringify(init.body ?? {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signUp(firstName: string, lastName: string): Promise<Person> {
  const person = {
    email: `${firstName.toLowerCase()}-${Date.now()}@example.org`,
    password: "dashboard-pw-1",
    username: `${firstName} ${lastName}`,
  };
  const created = await api("/save-user-signup", {
    body: {
      firstName,
      lastName,
      fullName: person.username,
      email: person.email,
      password: person.password,
      isStudent: false,
      position: "Data scientist",
      area: "Healthcare",
      eligible: true,
      rememberMe: true,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return person;
}

/** A page in a browser of its own, signed in through the login page, on /dashboard. */
async function signedInPage(person: { email: string; password: string }): Promise<Page> {
  const browser = await openBrowser();
  browsers.push(browser);
  await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], {
    origin: baseUrl,
  });
  const page = await browser.context.newPage();
  await page.clock.install();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
  await page.getByRole("heading", { name: "Dashboard", exact: true }).waitFor();
  return page;
}

function teamCard(page: Page, teamName: string): Locator {
  return page.getByRole("article", { name: teamName });
}

async function confirmInDialog(page: Page, button: string): Promise<Locator> {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: button, exact: true }).click();
  return dialog;
}

describe("the dashboard's teams", () => {
  const teamName = "tandem-squad";
  let ada: Person;
  let grace: Person;
  let adaPage: Page;
  let gracePage: Page;
  let adminPage: Page;
  let teamId: string;

  beforeAll(async () => {
    ada = await signUp("Ada", "Lovelace");
    grace = await signUp("Grace", "Hopper");
  });

  it("turns 'My Team!' into 'my-team' as it is typed", async () => {
    adaPage = await signedInPage(ada);
    const name = adaPage.getByLabel("Team name");
    await name.pressSequentially("My Team!");
    expect(await name.inputValue()).toBe("my-team");
  });

  it("refuses a name taken in another case, under the field, and disables Create until it is edited", async () => {
    const owner = await signUp("Alan", "Turing");
    const session = await api("/login-verification", {
      body: { email: owner.email, password: owner.password },
    });
    const token = session.body.token as string;
    expect((await api("/teams/create", { token, body: { team_name: "taken-name" } })).status).toBe(
      201,
    );

    const name = adaPage.getByLabel("Team name");
    const create = adaPage.getByRole("button", { name: "Create Team" });
    await name.fill("");
    await name.pressSequentially("Taken-NAME");
    expect(await name.inputValue()).toBe("taken-name");
    await create.click();
    await adaPage.getByText(MESSAGES.teamNameTaken("taken-name"), { exact: true }).waitFor();
    expect(await create.isDisabled()).toBe(true);

    await name.pressSequentially("2");
    await adaPage.getByText(MESSAGES.teamNameTaken("taken-name")).waitFor({ state: "detached" });
    expect(await create.isDisabled()).toBe(false);
  });

  it("creates a team whose card shows its score, status and members, and keeps its API key locally", async () => {
    const name = adaPage.getByLabel("Team name");
    await name.fill("");
    await name.pressSequentially(teamName);
    await adaPage.getByRole("button", { name: "Create Team" }).click();

    const card = teamCard(adaPage, teamName);
    await card.waitFor();
    await card.getByText("0.0000", { exact: true }).waitFor();
    await card.getByText(ACTIVATION_REQUIRED, { exact: true }).waitFor();
    await card.getByText("Inactive", { exact: true }).waitFor();
    await card.getByText(ada.email, { exact: true }).waitFor();
    await card.getByText("Creator", { exact: true }).waitFor();

    const apiKey = await card.getByLabel("API key", { exact: true }).inputValue();
    expect(apiKey).not.toBe("");
    expect(await adaPage.evaluate(STORED_API_KEY)).toBe(apiKey);
    teamId = await card.getByLabel("Team ID", { exact: true }).inputValue();
    expect(teamId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows 'Copied' after copying the API key and takes it away after one second", async () => {
    const card = teamCard(adaPage, teamName);
    const copy = card.getByRole("button", { name: "Copy API key" });
    // Real time keeps flowing until here; from now on the test moves the page's clock.
    await adaPage.clock.pauseAt(Date.now() + 1_000);
    await copy.click();
    await copy.getByText("Copied", { exact: true }).waitFor();
    expect(await adaPage.evaluate(CLIPBOARD_TEXT)).toBe(
      await card.getByLabel("API key", { exact: true }).inputValue(),
    );

    await adaPage.clock.runFor(900);
    expect(await copy.textContent()).toBe("Copied");
    await adaPage.clock.runFor(150);
    await copy.getByText("Copy", { exact: true }).waitFor({ timeout: 2_000 });
    await adaPage.clock.resume();
  });

  it("lets a second user in another browser join with the copied team ID", async () => {
    await teamCard(adaPage, teamName).getByRole("button", { name: "Copy Team ID" }).click();
    const copiedId = await adaPage.evaluate(CLIPBOARD_TEXT);
    expect(copiedId).toBe(teamId);

    gracePage = await signedInPage(grace);
    const join = gracePage.getByRole("button", { name: "Join Team" });
    expect(await join.isDisabled()).toBe(true);
    await gracePage.getByLabel("Team ID", { exact: true }).fill(`  ${copiedId}  `);
    await join.click();

    const card = teamCard(gracePage, teamName);
    await card.waitFor();
    await card.getByText(ada.email, { exact: true }).waitFor();
    await card.getByText(grace.email, { exact: true }).waitFor();
    await card.getByText("Members (2)").waitFor();
  });

  it("shows a non-admin member 'Activation required', no Activate action, and the admin-only JupyterHub message", async () => {
    const card = teamCard(gracePage, teamName);
    await card.getByText(ACTIVATION_REQUIRED, { exact: true }).waitFor();
    expect(await card.getByRole("button", { name: "Activate Team" }).count()).toBe(0);

    await card.getByRole("button", { name: "Launch JupyterHub" }).click();
    await card.getByRole("alert").getByText(JUPYTER_ADMIN_REQUIRED).waitFor();
  });

  it("lets the admin activate the team through a confirmation that says it cannot be undone", async () => {
    adminPage = await signedInPage(ADMIN);
    await adminPage.getByLabel("Team ID", { exact: true }).fill(teamId);
    await adminPage.getByRole("button", { name: "Join Team" }).click();
    const card = teamCard(adminPage, teamName);
    await card.getByText(ACTIVATION_REQUIRED, { exact: true }).waitFor();

    await card.getByRole("button", { name: "Activate Team" }).click();
    const dialog = adminPage.getByRole("dialog");
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? "";
    expect(text).toContain("cannot be undone");
    expect(text).toContain("starts the competition timer");
    expect(text).toContain("enables submissions");
    await confirmInDialog(adminPage, "Activate");
    await dialog.waitFor({ state: "hidden" });

    await card.getByText(READY_TO_COMPETE, { exact: true }).waitFor();
    await card.getByText("Active", { exact: true }).waitFor();
    expect(await card.getByRole("button", { name: "Activate Team" }).count()).toBe(0);

    await gracePage.reload();
    await teamCard(gracePage, teamName).getByText(READY_TO_COMPETE, { exact: true }).waitFor();
  });

  it("fits a 390 px wide screen without sideways scrolling", async () => {
    await adaPage.setViewportSize({ width: 390, height: 844 });
    await adaPage.reload();
    const card = teamCard(adaPage, teamName);
    await card.getByText(READY_TO_COMPETE, { exact: true }).waitFor();
    const overflow = await adaPage.evaluate<number>(HORIZONTAL_OVERFLOW);
    expect(overflow).toBe(0);
    const box = await card.getByRole("button", { name: "Leave Team" }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await adaPage.setViewportSize({ width: 1280, height: 800 });
  });

  it("has no serious or critical axe violations for a member or the admin", async () => {
    await teamCard(adaPage, teamName).getByText(READY_TO_COMPETE, { exact: true }).waitFor();
    expect(await seriousViolations(adaPage)).toEqual([]);
    expect(await seriousViolations(adminPage)).toEqual([]);
  });

  it("removes the team card when its last member leaves, after which its ID no longer works", async () => {
    for (const page of [gracePage, adminPage]) {
      const card = teamCard(page, teamName);
      await card.getByRole("button", { name: "Leave Team" }).click();
      const dialog = await confirmInDialog(page, "Leave");
      await dialog.waitFor({ state: "hidden" });
      await card.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Create Team" }).waitFor();
    }

    await adaPage.reload();
    const card = teamCard(adaPage, teamName);
    await card.getByText("Members (1)").waitFor();
    await card.getByRole("button", { name: "Leave Team" }).click();
    const dialog = adaPage.getByRole("dialog");
    await dialog.getByText("deletes the team").waitFor();
    await confirmInDialog(adaPage, "Leave");
    await card.waitFor({ state: "detached" });
    await adaPage.getByRole("button", { name: "Create Team" }).waitFor();
    expect(await adaPage.evaluate(STORED_API_KEY)).toBeNull();

    // /team/{teamId} shows the dashboard with the ID ready in the join form.
    await gracePage.goto(`${baseUrl}/team/${teamId}`);
    const idField = gracePage.getByLabel("Team ID", { exact: true });
    await idField.waitFor();
    expect(await idField.inputValue()).toBe(teamId);
    await gracePage.getByRole("button", { name: "Join Team" }).click();
    await gracePage.getByText(/^Error joining team: No team has the ID/).waitFor();
  });
});
