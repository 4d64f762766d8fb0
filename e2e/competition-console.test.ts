import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, sceneApi } from "./api-setup";
import { openBrowser } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { horizontalOverflow, SHOTS_DIR, seriousViolations } from "./site-support";

// Issue 29's acceptance: an organizer moves the deadline on the console's Competition page; the
// landing timeline, the rules, the leaderboard's panel and the dashboard follow without a restart.
const ADMIN = { email: "competition-admin@example.org", password: "competition-admin-pw" };
const ZONE = "America/Chicago";
const DAY_MS = 86_400_000;

let server: TestServer;
let baseUrl: string;
let organizer: Awaited<ReturnType<typeof openBrowser>> | undefined;
let participant: Awaited<ReturnType<typeof openBrowser>> | undefined;
let page: Page;
const scene = sceneApi(() => baseUrl);
let adminToken: string;

/** The wall-clock day `days` from now in the competition's zone, as a `datetime-local` value's day. */
function dayInZone(days: number): string {
  // en-CA writes YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + days * DAY_MS));
}

/** The moment a wall-clock time in the competition's zone stands for (none is skipped at 23:59). */
function momentOf(wall: string): Date {
  const asUtc = new Date(`${wall}:00Z`).getTime();
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(asUtc));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const seen = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return new Date(asUtc - (seen - asUtc));
}

const format = (at: Date, options: Intl.DateTimeFormatOptions, locale = "en-US") =>
  new Intl.DateTimeFormat(locale, { timeZone: ZONE, ...options }).format(at);

// The new deadline: five days from now at 23:59 in US Central time; a webinar the day before.
const deadlineWall = `${dayInZone(5)}T23:59`;
const deadline = momentOf(deadlineWall);
const webinarWall = `${dayInZone(4)}T10:00`;
const webinar = momentOf(webinarWall);
/** "December 2, 2026": the landing timeline's date. */
const timelineDate = format(deadline, { month: "long", day: "numeric", year: "numeric" });
/** "2 December 2026 23:59": the rules' window sentence (en-GB, 24 h). */
const rulesDate = `${format(deadline, { day: "numeric" }, "en-GB")} ${format(deadline, { month: "long" }, "en-GB")} ${format(deadline, { year: "numeric" })} 23:59`;
/** "Wed, Dec 2, 2026, 11:59 PM CST": the leaderboard panel's window. */
const panelDate = format(deadline, {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});
/** "Tuesday, December 1, 2026": the dashboard's webinar day. */
const webinarDay = format(webinar, {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});

async function signIn(target: Page, email: string, password: string) {
  await signInWithForm(target, baseUrl, { email: email, password: password });
}

beforeAll(async () => {
  // No window in the environment: the definition decides the dates.
  server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COMPETITION_OPENS_AT: "",
    COMPETITION_CLOSES_AT: "",
  });
  baseUrl = server.baseUrl;
  adminToken = (await scene.call("/login-verification", { body: ADMIN })).body.token as string;
  organizer = await openBrowser();
  page = await organizer.context.newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await participant?.close();
  await organizer?.close();
  await server?.stop();
});

describe("the console's Competition page", () => {
  it("reads the deadline from the definition, with no override", async () => {
    const admin = await scene.call("/admin/competition", {
      method: "GET",
      headers: bearer(adminToken),
    });
    expect(admin.status).toBe(200);
    expect(admin.body.overrides).toEqual({ opens_at: null, closes_at: null });
  });

  it("moves the deadline in the named time zone, reviews the change and saves it", async () => {
    await page.goto(`${baseUrl}/admin`);
    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: "Competition" })
      .click();
    await page.waitForURL(`${baseUrl}/admin/competition`);
    await page.getByRole("heading", { level: 1, name: "Competition" }).waitFor();
    await page.getByText("US Central (America/Chicago)").first().waitFor();

    const end = page.getByLabel("Competition ends");
    expect(await end.inputValue()).not.toBe(deadlineWall);
    await end.fill(deadlineWall);

    await page.getByRole("tab", { name: "Texts" }).click();
    const start = page.getByLabel("Webinar 1: starts");
    await start.fill(webinarWall);
    // The rules' window sentence is previewed with {{closes_at}} filled from the edited date.
    await page
      .getByRole("region", { name: "Preview: Timeline", exact: true })
      .getByText(rulesDate)
      .waitFor();

    await page.getByRole("button", { name: "Review changes" }).click();
    const changes = page.getByRole("list", { name: "Changes" });
    await changes.getByText(`ends at ${deadline.toISOString()}`, { exact: false }).waitFor();
    await changes.getByText("Which submissions count follows the new date at once.").waitFor();
    await changes.getByText("webinars changed.").waitFor();

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Version 1 saved").waitFor();
    await page.getByText("No changes to version 1 yet.").waitFor();

    const publicView = await scene.call("/competition", { method: "GET" });
    const phases = (publicView.body.definition as { phases: { ends_at: string }[] }).phases;
    expect(new Date(phases.at(-1)!.ends_at).getTime()).toBe(deadline.getTime());
  });

  it("lists the saved version in the history, by whom", async () => {
    await page.getByRole("tab", { name: "History" }).click();
    const table = page.getByRole("region", { name: /Versions of the definition/ });
    await table.getByRole("row").filter({ hasText: ADMIN.email }).first().waitFor();
    await table.getByText("This console").waitFor();
  });

  it.each([
    ["dates", "Dates"],
    ["texts", "Texts"],
    ["challenges", "Challenges and limits"],
    ["history", "History"],
  ])("shows its %s axe-clean, within 1280 and 390 px", async (name, tab) => {
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("tab", { name: tab }).click();
    await page.getByRole("tabpanel", { name: tab }).waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
      expect(await horizontalOverflow(page), `${name} at ${width} px`).toBe(0);
      await page.screenshot({
        path: join(SHOTS_DIR, `admin-competition-${name}-${width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("in the same tab, without a reload: the landing page's timeline shows the new deadline", async () => {
    // Client-side navigation: the page follows the competition the save revalidated.
    await page.locator('a[href="/"]').first().click();
    await page.waitForURL(`${baseUrl}/`);
    const row = page.locator("li", { hasText: "Submission deadline" });
    await row.getByText(timelineDate, { exact: true }).waitFor();
  });

  it("the Rules page's window sentence ends at the new deadline", async () => {
    await page.goto(`${baseUrl}/rules`);
    await page
      .getByText(/Submissions count only inside the competition window/)
      .filter({
        hasText: `to ${format(deadline, { weekday: "long" }, "en-GB")} ${rulesDate} US Central time`,
      })
      .waitFor();
  });

  it("the leaderboard's 'How the ranking works' panel gives the new window", async () => {
    await page.goto(`${baseUrl}/leaderboard`);
    const panel = page.getByRole("region", { name: "How the ranking works" });
    await panel.getByText(`to ${panelDate}`, { exact: false }).waitFor();
  });

  it("a participant's dashboard lists the moved webinar as upcoming", async () => {
    const person = await scene.signUp("competition-participant");
    participant = await openBrowser();
    const theirs = await participant.context.newPage();
    await signIn(theirs, person.email, person.password);
    const profile = theirs.getByRole("region", { name: "Profile" });
    await profile.getByText(webinarDay, { exact: false }).waitFor();
    await profile
      .getByRole("link", { name: /^Join meeting: / })
      .first()
      .waitFor();
  });

  it("a participant's dashboard shows the new deadline", async () => {
    // The participant's tab from the test above, signed in.
    const theirs = participant!.context.pages().find((p) => p.url().startsWith(baseUrl))!;
    await theirs.reload();
    // "Thursday, December 3, 2026 at 5:59 AM": the clock in the participant's own zone (the
    // browser's, this machine's), named (issue 33).
    const clockDate = new Intl.DateTimeFormat("en-US", {
      dateStyle: "full",
      timeStyle: "short",
    }).format(deadline);
    await theirs
      .getByTestId("competition-clock")
      .getByText(`Submissions count until ${clockDate} (`, { exact: false })
      .waitFor();
  });
});
