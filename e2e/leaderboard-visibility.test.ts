import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import { generateDomain } from "@tandem/datasets";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATA_SEED } from "../test/support/services";
import { bearer, type Person, sceneApi } from "./api-setup";
import { openBrowser } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { horizontalOverflow, SHOTS_DIR, seriousViolations } from "./site-support";

// Issue 33: under `leaderboard_visibility: participants` a team member follows the header's
// Leaderboard link to the public standings with the team's row marked, and a submit from the
// dashboard says the team's public rank and how it moved.
const ADMIN = { email: "visibility-admin@example.org", password: "visibility-admin-pw" };
const DAY_MS = 86_400_000;
const DATA_SCALE = "0.002";
const FRAUD = "Retail Banking C1: Fraud Detection";

type Browser = Awaited<ReturnType<typeof openBrowser>>;

let server: TestServer;
let baseUrl: string;
let owner: Person;
let page: Page;
const browsers: Browser[] = [];
const scene = sceneApi(() => baseUrl);
const { call } = scene;

/** A Retail Banking challenge 1 file; the same for two teams ties them on the score. */
async function middlingFile(): Promise<string> {
  const sample = await (
    await fetch(`${baseUrl}/static/retail-banking/sample_submission_c1.csv`)
  ).text();
  const ids = sample
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",")[0]!);
  return `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${i % 3 === 0 ? 1 : 0}`).join("\n")}\n`;
}

/** The hidden answers: the server made its data from the test's seed, so these are they. */
function perfectFile(): string {
  return generateDomain("retail-banking", TEST_DATA_SEED, Number(DATA_SCALE)).answers[
    "retail-banking/1"
  ]!.csv;
}

/** The organizers open the leaderboards to team members, and show scores exactly. */
async function openToParticipants(adminToken: string) {
  const current = await call("/admin/competition", { method: "GET", headers: bearer(adminToken) });
  const { version, definition } = current.body as {
    version: number;
    definition: {
      leaderboard_visibility: string;
      limits: Record<string, unknown>;
      domains: { challenges: Record<string, unknown>[] }[];
    };
  };
  definition.leaderboard_visibility = "participants";
  definition.limits.feedback = { policy: "exact" };
  for (const domain of definition.domains) {
    for (const challenge of domain.challenges) delete challenge.feedback;
  }
  const saved = await call("/admin/competition", {
    method: "PUT",
    headers: bearer(adminToken),
    body: { version, definition, rescore: false, dry_run: false },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function signIn(person: { email: string; password: string }): Promise<Page> {
  const browser = await openBrowser();
  browsers.push(browser);
  const signedIn = await browser.context.newPage();
  await signInWithForm(signedIn, baseUrl, person);
  return signedIn;
}

async function upload(csv: string): Promise<Locator> {
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
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await dialog.getByText("Scored", { exact: true }).waitFor();
  return dialog;
}

/** Checks the page at both widths and keeps a screenshot of each for a person to look at. */
async function lookAt(name: string, { fullPage = true } = {}) {
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
    expect(await horizontalOverflow(page), `${name} at ${width} px`).toBe(0);
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

beforeAll(async () => {
  server = await startServer({
    DATA_SCALE,
    DATA_SEED: TEST_DATA_SEED,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COMPETITION_OPENS_AT: new Date(Date.now() - DAY_MS).toISOString(),
    COMPETITION_CLOSES_AT: new Date(Date.now() + DAY_MS).toISOString(),
  });
  baseUrl = server.baseUrl;
  const adminToken = (await call("/login-verification", { body: ADMIN })).body.token as string;
  await openToParticipants(adminToken);
  // Another team is first on a file ours will send too: equal scores, theirs the earlier.
  const rivals = await scene.activeTeam(adminToken, "river-rivals");
  await scene.submit(rivals.apiKey, await middlingFile());
  owner = (await scene.activeTeam(adminToken, "our-otters")).owner;
});

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.stop();
});

describe("leaderboards open to participants", () => {
  it("says the team's public rank and its change after a submit from the dashboard", async () => {
    page = await signIn(owner);
    let dialog = await upload(await middlingFile());
    await dialog.getByText(LEADERBOARD_MESSAGES.publicRank(2), { exact: true }).waitFor();
    await dialog.getByText(/submissions left today for this challenge\.$/).waitFor();
    await dialog.getByRole("button", { name: "Submit another file" }).click();
    await dialog.getByLabel("Predictions file (CSV)").setInputFiles({
      name: "perfect.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(perfectFile()),
    });
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await dialog.getByText("Scored", { exact: true }).waitFor();
    await dialog
      .getByText(`${LEADERBOARD_MESSAGES.publicRank(1)} (${LEADERBOARD_MESSAGES.rankUp(1)})`, {
        exact: true,
      })
      .waitFor();
    await lookAt("visibility-submit-rank", { fullPage: false });
    dialog = page.getByRole("dialog", { name: FRAUD });
    await dialog.getByRole("button", { name: "Close" }).first().click();
  });

  it("follows the header's Leaderboard link to the standings, the team's own row marked", async () => {
    await page.getByRole("banner").getByRole("link", { name: "Leaderboard", exact: true }).click();
    await page.waitForURL(`${baseUrl}/leaderboard`);
    const table = page.getByRole("table", { name: "Overall leaderboard" });
    await table.waitFor();
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBe(2);
    // The name's cell also holds the "Your team" badge.
    const own = rows.filter({ hasText: "our-otters" });
    expect(await own.getAttribute("aria-current")).toBe("true");
    await own.getByText(LEADERBOARD_MESSAGES.yourTeam, { exact: true }).waitFor();
    const rival = rows.filter({ hasText: "river-rivals" });
    expect(await rival.getAttribute("aria-current")).toBeNull();
    expect(await page.getByText("Restricted", { exact: true }).count()).toBe(0);
    // Participants see the public standings, without the organizers' tools.
    await page.getByText(LEADERBOARD_MESSAGES.publicStandingsTitle, { exact: true }).waitFor();
    expect(await page.getByText(LEADERBOARD_MESSAGES.standingsSwitchPrivate).count()).toBe(0);
    await lookAt("visibility-leaderboard");

    await page.goto(`${baseUrl}/leaderboard/domain/retail-banking`);
    const domain = page.getByRole("table", { name: "Retail Banking leaderboard" });
    await domain.waitFor();
    const ownDomainRow = domain.locator("tbody tr").filter({ hasText: "our-otters" });
    expect(await ownDomainRow.getAttribute("aria-current")).toBe("true");
    await lookAt("visibility-domain-leaderboard");
  });

  it("sends a signed-in participant without a team to the dashboard instead of a dead end", async () => {
    const loner = await scene.signUp("loner");
    const lonerPage = await signIn(loner);
    await lonerPage
      .getByRole("banner")
      .getByRole("link", { name: "Leaderboard", exact: true })
      .click();
    await lonerPage.getByText(LEADERBOARD_MESSAGES.teamRequired, { exact: true }).waitFor();
    await lonerPage.getByRole("link", { name: LEADERBOARD_MESSAGES.teamRequiredAction }).click();
    await lonerPage.waitForURL(`${baseUrl}/dashboard`);
  });
});
