import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, type Person, sceneApi } from "./api-setup";
import { ACTION_BOUND_MS, openBrowser } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { shoot } from "./site-support";

// Issue 33: a new team asks to be activated from its dashboard, an organizer activates it in one
// click from the console's overview (or declines with a reason), and the team sees the answer on
// its dashboard and by e-mail (the embedded server's outbox).
const ADMIN = { email: "activation-admin@example.org", password: "activation-admin-pw" };
const REASON = "Please add a teammate before you start.";

let dir: string;
let baseUrl: string;
let server: TestServer;
const scene = sceneApi(() => baseUrl);
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The decision e-mails go out within a second (no SMTP_URL: written to DATA_DIR/outbox).
    NOTIFY_SWEEP_SECONDS: "1",
  });
  baseUrl = server.baseUrl;
  dir = server.dataDir;
});

afterAll(async () => {
  for (const close of closers) await close();
  await server?.stop();
});

async function teamOf(name: string): Promise<Person> {
  const owner = await scene.signUp(name);
  const created = await scene.call("/teams/create", {
    headers: bearer(owner.token),
    body: { team_name: name },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return owner;
}

async function signIn(person: { email: string; password: string }): Promise<Page> {
  const browser = await openBrowser();
  closers.push(() => browser.close());
  const page = await browser.context.newPage();
  await signInWithForm(page, baseUrl, person);
  await page.getByRole("heading", { name: "Dashboard", exact: true }).waitFor();
  return page;
}

/** `shoot`, after the layout at each width has settled. */
const shootSettled = (page: Page, name: string) =>
  shoot(page, name, { atWidth: () => page.waitForTimeout(200) });

/** The e-mails written to the embedded server's outbox so far, as text. */
async function outbox(): Promise<string[]> {
  const folder = join(dir, "outbox");
  const files = await readdir(folder).catch(() => [] as string[]);
  return Promise.all(files.map((file) => readFile(join(folder, file), "utf8")));
}

async function waitForMail(to: string, subject: string): Promise<string> {
  // A bound for a busy machine: the sweep runs every second, but not on time at load 16.
  const deadline = Date.now() + ACTION_BOUND_MS;
  for (;;) {
    const mail = (await outbox()).find(
      (text) => text.includes(`To: ${to}`) && text.includes(subject),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No "${subject}" mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("activation requests", () => {
  // One scene in three tests (each within the e2e bound on a busy machine): two browsers, four
  // pages shot and checked at two widths.
  const name = `ask-${Date.now() % 100_000}`;
  let owner: Person;
  let team: Page;

  it("a team asks for activation from its dashboard, with a message", async () => {
    owner = await teamOf(name);
    team = await signIn(owner);
    const card = team.getByRole("article", { name });

    await card.getByRole("button", { name: "Ask for activation" }).click();
    const dialog = team.getByRole("dialog");
    await dialog
      .getByLabel("Message to the organizers (optional)")
      .fill("Two analysts, ready today.");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.waitFor({ state: "hidden" });
    const waiting = card.getByRole("status").filter({ hasText: "Activation requested" });
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain("Your message: Two analysts, ready today.");
    expect(await card.getByRole("button", { name: "Ask for activation" }).count()).toBe(0);
    await team.waitForTimeout(500); // the success toast fades from the screenshot's way
    await shootSettled(team, "activation-dashboard-waiting");
  });

  it("an organizer sees the request in the teams list and activates it from the overview", async () => {
    const organizer = await signIn(ADMIN);
    // The teams list shows the request: when, and the message.
    await organizer.goto(`${baseUrl}/admin/teams`);
    const row = organizer.getByRole("row").filter({ hasText: name });
    await row.getByText("Waiting since").waitFor();
    expect(await row.textContent()).toContain("Two analysts, ready today.");
    await shootSettled(organizer, "activation-teams-list-waiting");

    await organizer.goto(`${baseUrl}/admin`);
    const section = organizer.getByRole("region", { name: /Waiting for activation \(1\)/ });
    await section.waitFor();
    expect(await section.textContent()).toContain("Two analysts, ready today.");
    await shootSettled(organizer, "activation-overview-waiting");
    await section.getByRole("button", { name: `Activate ${name}` }).click();
    await organizer.getByText(`${name} can submit now`).waitFor();
    await organizer.getByRole("region", { name: /Waiting for activation \(0\)/ }).waitFor();
  });

  it("the team sees the notice on its dashboard and by e-mail, and may dismiss it", async () => {
    const card = team.getByRole("article", { name });
    await team.reload();
    const notice = card.getByRole("status").filter({ hasText: "Your team is active" });
    await notice.waitFor();
    expect(await card.textContent()).toContain("Ready to compete");
    await shootSettled(team, "activation-dashboard-activated");
    await notice.getByRole("button", { name: "Dismiss the activation notice" }).click();
    await notice.waitFor({ state: "hidden" });
    // Dismissed for good in this browser.
    await team.reload();
    await card.getByText("Ready to compete").waitFor();
    expect(await card.getByText("Your team is active").count()).toBe(0);

    const mail = await waitForMail(owner.email, "Your team is active");
    expect(mail).toContain("An organizer activated your team.");
  });

  it("an organizer declines with a reason; the team reads it with what to do and may ask again", async () => {
    const name = `declined-${Date.now() % 100_000}`;
    const owner = await teamOf(name);
    const asked = await scene.call("/teams/request-activation", {
      headers: bearer(owner.token),
      body: { message: "Solo for now" },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);

    const organizer = await signIn(ADMIN);
    await organizer.goto(`${baseUrl}/admin`);
    const section = organizer.getByRole("region", { name: /Waiting for activation/ });
    await section.getByRole("button", { name: `Decline ${name}` }).click();
    const dialog = organizer.getByRole("dialog");
    await dialog.getByLabel("Reason (optional)").fill(REASON);
    await dialog.getByRole("button", { name: "Decline" }).click();
    await dialog.waitFor({ state: "hidden" });
    await organizer.getByText(`${name} sees your answer`).waitFor();

    const team = await signIn(owner);
    const card = team.getByRole("article", { name });
    const declined = card.getByRole("status").filter({ hasText: "Activation request declined" });
    await declined.waitFor();
    expect(await declined.textContent()).toContain(`Reason: ${REASON}`);
    expect(await declined.textContent()).toContain("then ask again");
    await shootSettled(team, "activation-dashboard-declined");

    const mail = await waitForMail(owner.email, "activation request was declined");
    expect(mail).toContain(REASON);

    await declined.getByRole("button", { name: "Ask again" }).click();
    await team.getByRole("dialog").getByRole("button", { name: "Send request" }).click();
    await card.getByRole("status").filter({ hasText: "Activation requested" }).waitFor();
  });
});
