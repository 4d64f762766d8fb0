import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { FINAL_CARD_MESSAGES, TEAM_MESSAGES } from "@tandem/contracts";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sceneApi } from "./api-setup";
import { openBrowser } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { horizontalOverflow, SHOTS_DIR, seriousViolations } from "./site-support";

// Issue 17 and docs/adr/0009-public-private-split.md: a team marks its final submissions from
// the dashboard, and can unmark them, until the deadline.
const ADMIN = { email: "final-admin@example.org", password: "final-admin-pw" };
const DATA_SCALE = "0.02";
const DAY_MS = 86_400_000;
const TEAM = "final-pickers";
const CHALLENGE_TABLE = "C1: Fraud Detection";
const WIDTHS = [1280, 390] as const;

type Browser = Awaited<ReturnType<typeof openBrowser>>;

interface HistoryItem {
  submission_id: string;
  status: string;
  final: boolean;
  created_at: string;
}

let server: TestServer;
let baseUrl: string;
let browser: Browser | undefined;
let person: { email: string; password: string };
let apiKey: string;

beforeAll(async () => {
  server = await startServer({
    DATA_SCALE,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Every submission in this file counts, and selection is open.
    COMPETITION_OPENS_AT: new Date(Date.now() - DAY_MS).toISOString(),
    COMPETITION_CLOSES_AT: new Date(Date.now() + DAY_MS).toISOString(),
  });
  baseUrl = server.baseUrl;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const scene = sceneApi(() => baseUrl);
const { call } = scene;

/** A participant who owns a team the admin has activated; resolves the team's API key. */
async function participantWithActiveTeam(): Promise<string> {
  const adminToken = (await call("/login-verification", { body: ADMIN })).body.token as string;
  const { owner, apiKey } = await scene.activeTeam(adminToken, TEAM);
  person = owner;
  return apiKey;
}

/** Retail Banking challenge 1 predictions whose labels vary with `variant`. */
async function predictions(variant: number): Promise<string> {
  const csv = await (
    await fetch(`${baseUrl}/static/retail-banking/sample_submission_c1.csv`)
  ).text();
  const ids = csv
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",")[0]!);
  return `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${i % (variant + 2) === 0 ? 1 : 0}`).join("\n")}\n`;
}

/** Each submission's note: what tells two submissions apart in the card (issue 33). */
const noteOf = (variant: number) => `variant ${variant}: threshold 0.${variant + 3}`;

async function submit(variant: number): Promise<void> {
  const result = await call("/submit", {
    headers: { "x-api-key": apiKey },
    body: {
      domain_name: "Retail Banking",
      task_number: 1,
      predictions_csv: await predictions(variant),
      note: noteOf(variant),
    },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expect(result.body.counted).toBe(true);
}

async function history(): Promise<HistoryItem[]> {
  const result = await call("/submissions/history", {
    method: "GET",
    headers: { "x-api-key": apiKey },
  });
  expect(result.status).toBe(200);
  return result.body.submissions as HistoryItem[];
}

/** The team's submissions once all are scored, newest first. */
async function scoredHistory(count: number): Promise<HistoryItem[]> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const items = await history();
    if (items.length === count && items.every((item) => item.status === "scored")) return items;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Submissions were not scored: ${JSON.stringify(await history())}`);
}

function finalCard(page: Page): Locator {
  return page.getByRole("article", { name: TEAM_MESSAGES.finalTitle });
}

/** The row of the submission made at `createdAt`. */
function rowOf(page: Page, createdAt: string): Locator {
  return finalCard(page)
    .getByRole("table", { name: CHALLENGE_TABLE })
    .locator("tbody tr")
    .filter({ has: page.locator(`time[datetime="${createdAt}"]`) });
}

/** The final switch on the row of the submission made at `createdAt`. */
function switchOf(page: Page, createdAt: string): Locator {
  return rowOf(page, createdAt).getByRole("switch");
}

describe("choosing final submissions on the dashboard", () => {
  let page: Page;
  let newer: HistoryItem;
  let older: HistoryItem;

  beforeAll(async () => {
    apiKey = await participantWithActiveTeam();
    await submit(1);
    // Times are shown to the second: the two submissions must not share one.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await submit(2);
    [newer, older] = (await scoredHistory(2)) as [HistoryItem, HistoryItem];

    browser = await openBrowser();
    page = await browser.context.newPage();
    await signInWithForm(page, baseUrl, person);
  });

  it("lists both scored submissions, newest first, with none marked", async () => {
    const table = finalCard(page).getByRole("table", { name: CHALLENGE_TABLE });
    await table.waitFor();
    const times = await table
      .locator("tbody time")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime")));
    expect(times).toEqual([newer.created_at, older.created_at]);
    expect(await table.getByText("public score").count()).toBe(2);
    // Each row says which submission it is: its note and the start of its id.
    await rowOf(page, newer.created_at).getByText(noteOf(2), { exact: true }).waitFor();
    await rowOf(page, older.created_at).getByText(noteOf(1), { exact: true }).waitFor();
    await rowOf(page, older.created_at)
      .getByText(FINAL_CARD_MESSAGES.shortId(older.submission_id.slice(0, 8)), { exact: true })
      .waitFor();
    await finalCard(page).getByText("0 of 2 marked", { exact: true }).waitFor();
    await finalCard(page).getByText(TEAM_MESSAGES.finalNoneMarked(2), { exact: true }).waitFor();
    const toggle = switchOf(page, older.created_at);
    expect(await toggle.getAttribute("aria-label")).toMatch(
      /^Mark submission of .+ as final for Retail Banking C1: Fraud Detection$/,
    );
    expect(await toggle.isChecked()).toBe(false);
  });

  it("marks the older one final, which stays marked after a reload", async () => {
    // The switch's track is what a person clicks; the input under it is the accessible control.
    await rowOf(page, older.created_at).locator(".mantine-Switch-track").click();
    await finalCard(page).getByText("1 of 2 marked", { exact: true }).waitFor();
    expect((await history()).find((item) => item.final)?.submission_id).toBe(older.submission_id);

    await page.reload();
    await finalCard(page).getByText("1 of 2 marked", { exact: true }).waitFor();
    expect(await switchOf(page, older.created_at).isChecked()).toBe(true);
    expect(await switchOf(page, newer.created_at).isChecked()).toBe(false);
  });

  it("has no serious axe violations and fits 390 px, with the card shown", async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await finalCard(page).getByText("1 of 2 marked", { exact: true }).waitFor();
      expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
      expect(await horizontalOverflow(page), `at ${width} px`).toBe(0);
      await page.screenshot({
        path: join(SHOTS_DIR, `dashboard-final-${width}.png`),
        fullPage: true,
      });
      // The card alone, legible: notes and short ids beside the times.
      await finalCard(page).screenshot({
        path: join(SHOTS_DIR, `dashboard-final-card-${width}.png`),
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("unmarks it again from the keyboard", async () => {
    const toggle = switchOf(page, older.created_at);
    expect(await toggle.isChecked()).toBe(true);
    await toggle.focus();
    await page.keyboard.press("Space");
    await finalCard(page).getByText("0 of 2 marked", { exact: true }).waitFor();
    expect((await history()).some((item) => item.final)).toBe(false);
    expect(await switchOf(page, older.created_at).isChecked()).toBe(false);
  });

  it("marks one from its own page (the card lists only the likely picks), axe clean at both widths", async () => {
    await rowOf(page, newer.created_at).getByRole("link").click();
    await page.waitForURL(`${baseUrl}/submissions/${newer.submission_id}`);
    const toggle = page.getByRole("switch", { name: /^Mark submission of .+ as final for / });
    // The URL changes before the dashboard (two such switches) gives way to the page (one).
    await expect.poll(() => toggle.count()).toBe(1);
    expect(await toggle.isChecked()).toBe(false);
    await page.locator(".mantine-Switch-track").click();
    await page.getByText("Final", { exact: true }).first().waitFor();
    expect(await toggle.isChecked()).toBe(true);
    expect((await history()).find((item) => item.final)?.submission_id).toBe(newer.submission_id);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
      expect(await horizontalOverflow(page), `at ${width} px`).toBe(0);
      await page.screenshot({ path: join(SHOTS_DIR, `submission-final-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/dashboard`);
    await finalCard(page).getByText("1 of 2 marked", { exact: true }).waitFor();
    expect(await switchOf(page, newer.created_at).isChecked()).toBe(true);
  });
});
