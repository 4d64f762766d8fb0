import { join } from "node:path";
import { JUPYTER_MESSAGES } from "@tandem/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LOGIN_OFF } from "../web/src/components/Debug/demoLogin";
import { bearer, type Person, sceneApi } from "./api-setup";
import { newBoundContext } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { launchBrowser, SHOTS_DIR, shoot } from "./site-support";

// Issue 33, the organizers' screens: the dashboard greets an organizer with the console, the
// console reaches JupyterHub without a team (here a deployment without a hub: the button names
// the setting), a participant's Launch JupyterHub is disabled as for organizers only, the audit
// log reads as names and changes with an action picker, the console's number fields fit their
// numbers and its time zone is named, and the debug page keeps its direct login, disabled.
// (The launch onto a running hub is in jupyterhub.test.ts.)
const ADMIN = { email: "organizer-screens-admin@example.org", password: "organizer-screens-pw" };
const ZONE = "Europe/Berlin";

let baseUrl: string;
let server: TestServer;
let browser: Browser;
let adminToken: string;
const scene = sceneApi(() => baseUrl);

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
  ]);
  baseUrl = server.baseUrl;
  const login = await scene.call("/login-verification", { body: { ...ADMIN, rememberMe: false } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  adminToken = login.body.token as string;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh context in Berlin's zone, signed in through the login form (lands on /dashboard). */
async function signIn(person: { email: string; password: string }): Promise<Page> {
  const context = await newBoundContext(browser, {
    viewport: { width: 1280, height: 800 },
    timezoneId: ZONE,
  });
  const page = await context.newPage();
  await signInWithForm(page, baseUrl, person);
  await page.getByRole("heading", { name: "Dashboard", exact: true }).waitFor();
  return page;
}

/** `shoot`, after the layout at each width has settled. */
const shootSettled = (page: Page, name: string) =>
  shoot(page, name, { atWidth: () => page.waitForTimeout(200) });

async function teamOf(name: string): Promise<{ owner: Person; id: string }> {
  const owner = await scene.signUp(name);
  const created = await scene.call("/teams/create", {
    headers: bearer(owner.token),
    body: { team_name: name },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { owner, id: (created.body.team as { id: string }).id };
}

describe("the organizers' screens", () => {
  let waitingTeam: { owner: Person; id: string };
  let admin: Page;

  it("greets an organizer on the dashboard with the console's entry points, not a team form", async () => {
    waitingTeam = await teamOf(`waiting-${Date.now() % 100_000}`);
    const asked = await scene.call("/teams/request-activation", {
      headers: bearer(waitingTeam.owner.token),
      body: { message: "Ready when you are." },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);

    admin = await signIn(ADMIN);
    const welcome = admin.getByRole("region", { name: "Organizers' console" });
    const pages = welcome.getByRole("list", { name: "Console pages" });
    for (const [label, path] of [
      ["Overview", "/admin"],
      ["Teams", "/admin/teams"],
      ["Submissions", "/admin/submissions"],
      ["Competition", "/admin/competition"],
      ["Settings", "/admin/settings"],
      ["Audit log", "/admin/audit"],
    ] as const) {
      expect(await pages.getByRole("link", { name: label, exact: true }).getAttribute("href")).toBe(
        path,
      );
    }
    await welcome.getByRole("link", { name: "1 team is waiting for activation" }).waitFor();
    await admin.getByText(/Organizers need no team/).waitFor();
    expect(await admin.getByRole("button", { name: "Create Team" }).count()).toBe(0);
    expect(await admin.getByText(/You are not in a team yet/).count()).toBe(0);
    await shootSettled(admin, "organizer-dashboard");
  });

  it("reaches JupyterHub from the console without a team, naming the setting when there is no hub", async () => {
    await admin
      .getByRole("region", { name: "Organizers' console" })
      .getByRole("link", { name: "Overview", exact: true })
      .click();
    await admin.waitForURL(`${baseUrl}/admin`);
    const card = admin.getByRole("region", { name: "JupyterHub" });
    const reason = card.getByText(JUPYTER_MESSAGES.notConfigured);
    await reason.waitFor();
    expect(await reason.textContent()).toContain("JUPYTERHUB_URL");
    const launch = card.getByRole("button", { name: "Launch JupyterHub" });
    expect(await launch.isDisabled()).toBe(true);
    // The gateway answers the organizer the same way (no "join a team" any more).
    const answer = await scene.call("/jupyter/generate-token", { headers: bearer(adminToken) });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      code: "jupyter.not_configured",
      error: JUPYTER_MESSAGES.notConfigured,
    });
    await shootSettled(admin, "console-overview-jupyter");
  });

  it("shows a participant Launch JupyterHub disabled, for organizers only", async () => {
    const participant = await signIn(waitingTeam.owner);
    const card = participant.getByRole("article", { name: /^waiting-/ });
    await card.getByText(JUPYTER_MESSAGES.organizersOnly).waitFor();
    expect(await card.getByRole("button", { name: "Launch JupyterHub" }).isDisabled()).toBe(true);
    await shootSettled(participant, "participant-dashboard-jupyter");
    // The team card alone at 390 px, where the long page's full screenshot is too small to read.
    await participant.setViewportSize({ width: 390, height: 844 });
    await card.screenshot({ path: join(SHOTS_DIR, "participant-team-card-390.png") });
    await participant.context().close();
  });

  it("reads the audit log as names and changes, filtered with the action picker", async () => {
    const activated = await scene.call("/admin/teams/activate", {
      headers: bearer(adminToken),
      body: { team_ids: [waitingTeam.id] },
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const other = await teamOf(`flagged-${Date.now() % 100_000}`);
    const disqualified = await scene.call(`/admin/teams/${other.id}/disqualify`, {
      headers: bearer(adminToken),
      body: { reason: "Shared an account with another team" },
    });
    expect(disqualified.status, JSON.stringify(disqualified.body)).toBe(200);
    const person = await scene.call("/save-user-signup", {
      body: {
        firstName: "Dee",
        lastName: "Sabled",
        fullName: "Dee Sabled",
        email: `a-rather-long-address-to-wrap-${Date.now()}@example.org`,
        password: "disabled-person-pw",
        isStudent: false,
        position: "Analyst",
        area: "Banking",
        eligible: true,
        rememberMe: true,
      },
    });
    expect(person.status).toBe(201);
    const user = person.body.user as { id: string; email: string };
    const disabled = await scene.call(`/admin/users/${user.id}/disable`, {
      headers: bearer(adminToken),
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);

    await admin.goto(`${baseUrl}/admin/audit`);
    const table = admin.getByRole("table", { name: "Audit log" });
    await table.waitFor();
    const picker = admin.getByRole("combobox", { name: "Action" });
    const options = await picker.locator("option").allTextContents();
    expect(options).toContain("Team disqualified (team.disqualify)");
    expect(options).toContain("Account disabled (user.disable)");

    // The disqualified team, by name, linking to its page; its id in the title; the change.
    await picker.selectOption("team.disqualify");
    const row = table.locator("tbody tr").filter({ hasText: "team.disqualify" });
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    const cells = row.getByRole("cell");
    const teamLink = cells.nth(3).getByRole("link", { name: /^flagged-/ });
    expect(await teamLink.getAttribute("href")).toBe(`/admin/teams/${other.id}`);
    expect(await cells.nth(3).locator("[title]").getAttribute("title")).toBe(other.id);
    expect(await cells.nth(3).innerText()).not.toContain(other.id);
    expect(await cells.nth(1).innerText()).toContain(ADMIN.email);
    // "→" is read as "changed to" (visually hidden text).
    const changes = (await cells.nth(4).getByRole("listitem").allTextContents()).map((text) =>
      text.replace(/\s+/g, " "),
    );
    expect(changes).toContain(
      "disqualification_reason: none → changed to Shared an account with another team",
    );
    expect(await cells.nth(4).innerText()).not.toContain("{");

    // The disabled account, by its e-mail, which breaks only after its "@".
    await picker.selectOption("user.disable");
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    const userCell = table.locator("tbody tr").first().getByRole("cell").nth(3);
    await userCell.getByText(user.email).waitFor();
    expect(await userCell.locator("[title]").getAttribute("title")).toBe(user.id);
    expect(
      await table.locator("tbody tr").first().getByRole("cell").nth(4).textContent(),
    ).toContain("status: active → changed to disabled");
    await shootSettled(admin, "console-audit");
    // At 390 px too: the e-mail's local part (hyphens and all) stays on one line.
    await admin.setViewportSize({ width: 390, height: 844 });
    const localPartLines = await userCell
      .locator("[title] span")
      .first()
      .evaluate((element) => {
        const range = element.ownerDocument.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
    expect(localPartLines).toBe(1);
    await admin.setViewportSize({ width: 1280, height: 800 });

    await picker.selectOption("");
    await expect.poll(() => table.locator("tbody tr").count()).toBeGreaterThanOrEqual(3);
  });

  it("sizes the console's number fields for their numbers and names the time zone", async () => {
    await admin.goto(`${baseUrl}/admin/settings`);
    const daily = admin.getByLabel("Daily limit per challenge");
    await daily.waitFor();
    await admin.getByText(`Times are in your time zone (${ZONE}).`).waitFor();
    for (const label of ["Daily limit per challenge", "Final picks per challenge"]) {
      const box = await admin.getByLabel(label).boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.width, label).toBeGreaterThan(80);
      expect(box!.width, label).toBeLessThanOrEqual(200);
    }
    await shootSettled(admin, "console-settings");

    await admin.goto(`${baseUrl}/admin/competition`);
    await admin.getByRole("tab", { name: /Challenges/ }).click();
    const numbers = admin.locator("input[inputmode='numeric'], input[inputmode='decimal']");
    await numbers.first().waitFor();
    const widths = await numbers.evaluateAll((inputs) =>
      inputs.map((input) => input.getBoundingClientRect().width).filter((width) => width > 0),
    );
    expect(widths.length).toBeGreaterThan(0);
    expect(Math.max(...widths)).toBeLessThanOrEqual(200);
    await shootSettled(admin, "console-competition-challenges");

    await admin.goto(`${baseUrl}/admin/audit`);
    const since = admin.getByLabel("Since");
    await since.waitFor();
    await admin.getByText(`In your time zone (${ZONE})`).first().waitFor();
  });

  it("keeps the debug page's direct login visible when demo login is off, disabled, with the reason", async () => {
    const context = await newBoundContext(browser, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/debug`);
    const button = page.getByRole("button", { name: "Direct login (demo account)" });
    await page.getByText(DEMO_LOGIN_OFF).waitFor();
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute("aria-describedby")).toBe("direct-login-off");
    await shootSettled(page, "debug-direct-login-off");
    await context.close();
  });
});
