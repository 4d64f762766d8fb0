import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Person, sceneApi } from "./api-setup";
import { openBrowser } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { horizontalOverflow, SHOTS_DIR, seriousViolations } from "./site-support";

// Issue 30 (docs/adr/0015-feedback-policy.md): under the default edition's ladder, a score that
// does not beat the team's best shown score by the threshold is shown as that best, and every
// view a participant reads says so.
const ADMIN = { email: "ladder-admin@example.org", password: "ladder-admin-pw" };
const DAY_MS = 86_400_000;
const FRAUD = "Retail Banking C1: Fraud Detection";
const BEST_SO_FAR = "Not a significant improvement: your team's best shown score";
const LADDER_RULE =
  /^Scores are shown rounded to \d decimals, and only when they beat your team's best by at least [\d.]+\.$/;

type Browser = Awaited<ReturnType<typeof openBrowser>>;

let server: TestServer;
let browser: Browser;
let page: Page;
let owner: Person;
let apiKey: string;
const scene = sceneApi(() => server.baseUrl);

beforeAll(async () => {
  server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COMPETITION_OPENS_AT: new Date(Date.now() - DAY_MS).toISOString(),
    COMPETITION_CLOSES_AT: new Date(Date.now() + DAY_MS).toISOString(),
    SUBMISSIONS_PER_DAY: "50",
  });
  const admin = await scene.call("/login-verification", { body: ADMIN });
  const team = await scene.activeTeam(admin.body.token as string, "ladder-climbers");
  owner = team.owner;
  apiKey = team.apiKey;
  browser = await openBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Retail Banking challenge 1's sample file with every `every`-th transaction flagged. */
async function fraudFile(every: number): Promise<string> {
  const sample = await (
    await fetch(`${server.baseUrl}/static/retail-banking/sample_submission_c1.csv`)
  ).text();
  const ids = sample
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",")[0]!);
  return `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${i % every === 0 ? 1 : 0}`).join("\n")}\n`;
}

/** Submits to Retail Banking challenge 1; each call its own submission, as the SDK's are. */
async function submit(csv: string): Promise<Record<string, unknown>> {
  const result = await scene.call("/submit", {
    headers: { "x-api-key": apiKey, "idempotency-key": randomUUID() },
    body: { domain_name: "Retail Banking", task_number: 1, predictions_csv: csv },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

interface Feedback {
  policy: string;
  threshold: number | null;
  significant_improvement: boolean | null;
}

function historyTable(): Locator {
  return page.getByRole("table", { name: /Your team's submissions, newest first/ });
}

function rowOf(id: string): Locator {
  return historyTable()
    .locator("tbody tr")
    .filter({ has: page.locator(`a[href="/submissions/${id}"]`) });
}

/**
 * Checks the page at both widths and keeps a screenshot of each for a person to look at, and
 * of the `parts` that show scores (a whole dashboard is too long to read in one picture).
 */
async function lookAt(name: string, parts: Record<string, Locator> = {}) {
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
    expect(await horizontalOverflow(page), `${name} at ${width} px`).toBe(0);
    await page.screenshot({
      path: join(SHOTS_DIR, `feedback-${name}-${width}.png`),
      fullPage: true,
    });
    for (const [part, locator] of Object.entries(parts)) {
      await locator.screenshot({ path: join(SHOTS_DIR, `feedback-${name}-${part}-${width}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe("scores under the ladder", () => {
  let first: Record<string, unknown>;
  let repeat: Record<string, unknown>;

  it("shows the same file's second score as the team's best so far, not a significant improvement", async () => {
    const file = await fraudFile(7);
    // With an Idempotency-Key of its own, the same file again is a new submission (without one,
    // the gateway takes it for a retry of the first).
    first = await submit(file);
    repeat = await submit(file);
    expect((first.feedback as Feedback).policy).toBe("ladder");
    expect((first.feedback as Feedback).significant_improvement).toBe(true);
    expect((repeat.feedback as Feedback).significant_improvement).toBe(false);
    expect(repeat.score).toBe(first.score);
    // A few more, for a history with both kinds of row.
    for (const every of [3, 2, 5]) await submit(await fraudFile(every));
  });

  it("marks it in the history, says how scores are shown on the challenge's card, and fits 390 px", async () => {
    await signInWithForm(page, server.baseUrl, owner);

    await rowOf(repeat.submission_id as string)
      .getByText(BEST_SO_FAR)
      .waitFor();
    await expect(
      rowOf(first.submission_id as string)
        .getByText(BEST_SO_FAR)
        .count(),
    ).resolves.toBe(0);
    const card = page
      .getByRole("region", { name: "Retail Banking" })
      .getByRole("article", { name: "C1: Fraud Detection" });
    await card.getByText(LADDER_RULE).waitFor();
    const finals = page.getByRole("article", { name: "Final submissions" });
    await finals.getByText(BEST_SO_FAR).first().waitFor();
    await lookAt("dashboard", { card, history: historyTable(), finals });
  });

  it("marks it on the submission's own page, with the policy's line", async () => {
    await page.goto(`${server.baseUrl}/submissions/${repeat.submission_id}`);
    await page.getByText("Expected rows").waitFor();
    const section = page.getByRole("region", { name: FRAUD });
    await section.getByText(BEST_SO_FAR).waitFor();
    await section.getByText(LADDER_RULE).waitFor();
    await lookAt("submission");
  });

  it("marks a browser upload of the same file the same way", async () => {
    await page.goto(`${server.baseUrl}/dashboard`);
    await page
      .getByRole("button", { name: `Submit predictions for ${FRAUD}` })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: FRAUD });
    await dialog.getByLabel("Predictions file (CSV)").setInputFiles({
      name: "predictions.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(await fraudFile(7)),
    });
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await dialog.getByText("Scored", { exact: true }).waitFor();
    await dialog.getByText(BEST_SO_FAR).waitFor();
    await mkdir(SHOTS_DIR, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      expect(await seriousViolations(page), `submit dialog at ${width} px`).toEqual([]);
      await page.screenshot({ path: join(SHOTS_DIR, `feedback-submit-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
