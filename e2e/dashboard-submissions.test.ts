import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../test/support/processes";
import { bearer, sceneApi } from "./api-setup";
import { openBrowser } from "./browser";
import { signInWithForm } from "./pages";
import { type ProdStack, startProdStack } from "./prod-stack";
import { horizontalOverflow, SHOTS_DIR, seriousViolations } from "./site-support";

// Issue 18: a team follows its submissions on the dashboard. Production mode with the scoring
// worker started by the test, so a submission can be watched waiting in the queue, then scored.
const ADMIN = { email: "tracking-admin@example.org", password: "tracking-admin-pw" };
const DAY_MS = 86_400_000;
const DAILY_LIMIT = 5;
const FRAUD = "Retail Banking C1: Fraud Detection";
const PYTHON = process.env.TANDEM_TEST_PYTHON ?? "/usr/bin/python3";
const run = promisify(execFile);

type Browser = Awaited<ReturnType<typeof openBrowser>>;
interface Member {
  email: string;
  password: string;
  token: string;
}

let stack: ProdStack;
let baseUrl: string;
const browsers: Browser[] = [];
const scene = sceneApi(() => baseUrl);
const { call } = scene;

let owner: Member;
let second: Member;
let team: { name: string; apiKey: string };
let otherSubmissionId: string;
let fromPython: string;
let ownerPage: Page;
let secondPage: Page;

beforeAll(async () => {
  stack = await startProdStack({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COMPETITION_OPENS_AT: new Date(Date.now() - DAY_MS).toISOString(),
    COMPETITION_CLOSES_AT: new Date(Date.now() + DAY_MS).toISOString(),
    // Nothing is scored until the test starts a worker: /submit answers 202 queued at once. The
    // workers' path (ADR 0013: files intake does not score, rescores) is the one with a wait to show.
    SCORE_AT_INTAKE: "false",
    SUBMIT_WAIT_MS: "200",
    SUBMISSIONS_PER_DAY: String(DAILY_LIMIT),
    NOTIFY_SWEEP_SECONDS: "0",
    RATE_LIMIT_AUTH_PER_IP: "1000",
    RATE_LIMIT_AUTH_PER_EMAIL: "1000",
  });
  baseUrl = stack.baseUrl;
  const adminToken = (await call("/login-verification", { body: ADMIN })).body.token as string;

  // One team of two members, and another team with a submission of its own.
  owner = await scene.signUp("tracker");
  const created = await call("/teams/create", {
    headers: bearer(owner.token),
    body: { team_name: "trackers" },
  });
  const made = created.body.team as { id: string; api_key: string; invite_code: string };
  second = await scene.signUp("tracker-two");
  const joined = await call("/teams/join", {
    headers: bearer(second.token),
    body: { team_id: made.invite_code },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  await call("/competition/start", { headers: { ...bearer(adminToken), "x-team-id": made.id } });
  team = { name: "trackers", apiKey: made.api_key };

  const other = await scene.activeTeam(adminToken, "bystanders");
  const theirs = await call("/submit", {
    headers: { "x-api-key": other.apiKey },
    body: { domain_name: "Retail Banking", task_number: 1, predictions_csv: await fraudFile(9) },
  });
  expect(theirs.status, JSON.stringify(theirs.body)).toBe(202);
  otherSubmissionId = theirs.body.submission_id as string;
});

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await stack?.stop();
});

/** A valid Retail Banking challenge 1 file; `badLabel` puts an unknown label in its first row. */
async function fraudFile(variant: number, { badLabel = false } = {}): Promise<string> {
  const sample = await (
    await fetch(`${baseUrl}/static/retail-banking/sample_submission_c1.csv`)
  ).text();
  const ids = sample
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",")[0]!);
  const label = (i: number) => (badLabel && i === 0 ? "maybe" : i % (variant + 2) === 0 ? 1 : 0);
  return `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${label(i)}`).join("\n")}\n`;
}

/** Submits `csv` with the Python SDK, not waiting for the score; answers id and status. */
async function submitFromPython(csv: string): Promise<{ id: string; status: string }> {
  const script = [
    "import json, sys",
    "from tandem_bench import BenchmarkClient",
    "client = BenchmarkClient(api_key=sys.argv[1], team_name=sys.argv[2], base_url=sys.argv[3])",
    "result = client.submit('Retail Banking', 1, sys.argv[4], wait=False)",
    "print(json.dumps({'id': result.submission_id, 'status': result.status}))",
  ].join("\n");
  const file = join(await mkdirTemp(), "predictions.csv");
  await writeFile(file, csv);
  const { stdout } = await run(PYTHON, ["-c", script, team.apiKey, team.name, baseUrl, file], {
    env: { ...process.env, PYTHONPATH: join(REPO_ROOT, "sdk/python"), HOME: await mkdirTemp() },
  });
  // The client prints its "Authenticated" line first (both credentials given: checked at once).
  expect(stdout).toContain("Authenticated");
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

async function mkdirTemp(): Promise<string> {
  const dir = join(tmpdir(), `tandem-e2e-sdk-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

async function signIn(member: Member): Promise<Page> {
  const browser = await openBrowser();
  browsers.push(browser);
  const page = await browser.context.newPage();
  await signInWithForm(page, baseUrl, member);
  return page;
}

function historyTable(page: Page): Locator {
  return page.getByRole("table", { name: /Your team's submissions, newest first/ });
}

/** The history row of a submission (its time links to the submission's page). */
function rowOf(page: Page, id: string): Locator {
  return historyTable(page)
    .locator("tbody tr")
    .filter({ has: page.locator(`a[href="/submissions/${id}"]`) });
}

async function historyIds(page: Page): Promise<string[]> {
  await historyTable(page).waitFor();
  return historyTable(page)
    .locator("tbody tr a[href^='/submissions/']")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!.split("/").at(-1)!));
}

/** The overview card of Retail Banking challenge 1. */
function fraudCard(page: Page): Locator {
  return page
    .getByRole("region", { name: "Retail Banking" })
    .getByRole("article", { name: "C1: Fraud Detection" });
}

async function uploadDialog(page: Page, csv: string, note?: string): Promise<Locator> {
  await page
    .getByRole("button", { name: `Submit predictions for ${FRAUD}` })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: FRAUD });
  await dialog.waitFor();
  await dialog.getByLabel("Predictions file (CSV)").setInputFiles({
    name: "predictions.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  if (note) await dialog.getByLabel("Note (optional)").fill(note);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  return dialog;
}

describe("the team's submissions on the dashboard", () => {
  it("shows a submission made from Python as it arrives, and turns it from queued to scored without a reload", async () => {
    ownerPage = await signIn(owner);
    await ownerPage.getByText(/^No submissions yet\./).waitFor();
    // Marks this document: a reload would lose it.
    await ownerPage.evaluate("window.stillHere = true");

    const sent = await submitFromPython(await fraudFile(1));
    expect(sent.status).toBe("queued");
    fromPython = sent.id;
    // An open dashboard reads its first page every 15 s while nothing is unfinished.
    const row = rowOf(ownerPage, fromPython);
    await row.getByText("Queued", { exact: true }).waitFor();
    await row.getByText("by API key", { exact: true }).waitFor();
    await fraudCard(ownerPage).getByText("Not ranked yet", { exact: true }).waitFor();
    await fraudCard(ownerPage).getByText(`1 of ${DAILY_LIMIT} today`, { exact: true }).waitFor();

    await stack.startWorker();
    await row.getByText("Scored", { exact: true }).waitFor();
    // The overview follows without a reload too.
    await fraudCard(ownerPage).getByText("Ranked", { exact: true }).waitFor();
    expect(await ownerPage.evaluate("window.stillHere")).toBe(true);
  });

  it("shows both members of the team the same history", async () => {
    secondPage = await signIn(second);
    await rowOf(secondPage, fromPython).getByText("Scored", { exact: true }).waitFor();
    expect(await historyIds(secondPage)).toEqual(await historyIds(ownerPage));
  });

  it("shows a browser upload of an invalid file with the same messages the API gives", async () => {
    const bad = await fraudFile(2, { badLabel: true });
    const api = await call("/submit", {
      headers: { "x-api-key": team.apiKey },
      body: { domain_name: "Retail Banking", task_number: 1, predictions_csv: bad },
    });
    expect(api.status).toBe(400);
    const apiErrors = (api.body.details as { validation_errors: string[] }).validation_errors;
    expect(apiErrors.length).toBeGreaterThan(0);

    const dialog = await uploadDialog(ownerPage, bad);
    await dialog.getByText("The file failed validation").waitFor();
    await dialog.getByText(api.body.error as string, { exact: true }).waitFor();
    const shown = await dialog
      .getByRole("list", { name: "Validation errors" })
      .getByRole("listitem")
      .allInnerTexts();
    expect(shown).toEqual(apiErrors);
    await mkdir(SHOTS_DIR, { recursive: true });
    for (const width of [1280, 390]) {
      await ownerPage.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      expect(await seriousViolations(ownerPage), `dialog at ${width} px`).toEqual([]);
      await ownerPage.screenshot({ path: join(SHOTS_DIR, `submit-invalid-${width}.png`) });
    }
    await ownerPage.setViewportSize({ width: 1280, height: 800 });
    await ownerPage.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("takes a valid browser upload with a note; the quota counter moves and the reset time shows", async () => {
    const card = fraudCard(ownerPage);
    await card.getByText(`1 of ${DAILY_LIMIT} today`, { exact: true }).waitFor();
    const resetsAt = await card.locator("time").first().getAttribute("datetime");
    const nextMidnight = new Date();
    nextMidnight.setUTCHours(24, 0, 0, 0);
    expect(resetsAt).toBe(nextMidnight.toISOString());
    expect(await card.locator("time").first().innerText()).toMatch(/^resets .+ \(\d\d:\d\d UTC\)$/);

    const dialog = await uploadDialog(ownerPage, await fraudFile(3), "threshold 0.4");
    await dialog.getByText("Scored", { exact: true }).waitFor();
    await dialog.getByRole("link", { name: "See it in your history" }).waitFor();
    await ownerPage.keyboard.press("Escape");
    await card.getByText(`2 of ${DAILY_LIMIT} today`, { exact: true }).waitFor();

    const ids = await historyIds(ownerPage);
    expect(ids).toHaveLength(2);
    const newest = rowOf(ownerPage, ids[0]!);
    await newest.getByText("threshold 0.4", { exact: true }).waitFor();
    const username = (await call("/verify-token", { method: "GET", headers: bearer(owner.token) }))
      .body.user as { username: string };
    await newest.getByText(`by ${username.username}`, { exact: true }).waitFor();
    // The teammate sees it too, without a reload.
    await rowOf(secondPage, ids[0]!).getByText("threshold 0.4").waitFor();
  });

  it("never shows another team's submission, on the dashboard or by its address", async () => {
    expect(await historyIds(ownerPage)).not.toContain(otherSubmissionId);
    const theirs = await call(`/submissions/${otherSubmissionId}`, {
      method: "GET",
      headers: bearer(owner.token),
    });
    expect(theirs.status).toBe(404);
    await ownerPage.goto(`${baseUrl}/submissions/${otherSubmissionId}`);
    await ownerPage.getByText("Submission not found").first().waitFor();
  });

  it("gives a submission its own page; dashboard and page fit 390 px with no serious axe violations", async () => {
    await ownerPage.goto(`${baseUrl}/submissions/${fromPython}`);
    await ownerPage.getByRole("button", { name: "Download the file you sent" }).waitFor();
    await ownerPage.getByText("Expected rows").waitFor();
    for (const [name, path] of [
      ["submission", `/submissions/${fromPython}`],
      ["dashboard", "/dashboard"],
    ] as const) {
      await ownerPage.goto(`${baseUrl}${path}`);
      if (name === "dashboard") await historyTable(ownerPage).waitFor();
      else await ownerPage.getByText("Expected rows").waitFor();
      for (const width of [1280, 390]) {
        await ownerPage.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        expect(await seriousViolations(ownerPage), `${name} at ${width} px`).toEqual([]);
        expect(await horizontalOverflow(ownerPage), `${name} at ${width} px`).toBe(0);
        await ownerPage.screenshot({
          path: join(SHOTS_DIR, `${name}-submissions-${width}.png`),
          fullPage: true,
        });
      }
      await ownerPage.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
