import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { challengeByKey } from "@tandem/competition/server";
import { LEADERBOARD_MESSAGES, SHAKE_UP_COLUMNS } from "@tandem/contracts";
import { generateDomain } from "@tandem/datasets";
import { computePublicRows, PRIVATE, PUBLIC } from "@tandem/scoring";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATA_SEED } from "../test/support/services";
import { bearer, sceneApi } from "./api-setup";
import { openBrowser } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { SHOTS_DIR, seriousViolations, shoot } from "./site-support";

// Issue 17 and docs/adr/0009-public-private-split.md: the leaderboards say which standings they
// show; organizers preview the private standings (public rank and change beside each team),
// reveal them once, and then everyone's standings are final. Participants never get the preview.
const ADMIN = { email: "standings-admin@example.org", password: "standings-admin-pw" };
const DATA_SCALE = "0.02";
const DAY_MS = 86_400_000;
const CHALLENGE = "retail-banking/1";
/** Right on the public rows, wrong on the private ones: first in public, last in private. */
const TUNER = "public-tuner";
/** Wrong on the public rows, right on the private ones: the other way round. */
const STEADY = "steady-team";
const WIDTHS = [1280, 390] as const;

type Browser = Awaited<ReturnType<typeof openBrowser>>;

interface RankedRow {
  rank: number;
  team_name: string;
  public_rank?: number;
  rank_change?: number;
}

let server: TestServer;
let baseUrl: string;
let adminToken: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await startServer({
    DATA_SCALE,
    // A chosen seed, so this test knows which answer rows are public (a real install's is secret).
    DATA_SEED: TEST_DATA_SEED,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COMPETITION_OPENS_AT: new Date(Date.now() - DAY_MS).toISOString(),
    COMPETITION_CLOSES_AT: new Date(Date.now() + DAY_MS).toISOString(),
  });
  baseUrl = server.baseUrl;
  adminToken = (await call("/login-verification", { body: ADMIN })).body.token as string;
  // Both teams rank on their exact public scores: under the default ladder the steady team's
  // poor public score would rank or not depending on whether a baseline was measured yet.
  await scene.exactFeedback(adminToken);

  const split = answersBySplit();
  await submit(await activeTeam(TUNER), split.rightOn(PUBLIC));
  await submit(await activeTeam(STEADY), split.rightOn(PRIVATE));
});

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.stop();
});

const scene = sceneApi(() => baseUrl);
const { call, signUp, submit } = scene;
/** A new user's team, activated by the admin; resolves its API key. */
const activeTeam = async (teamName: string) =>
  (await scene.activeTeam(adminToken, teamName)).apiKey;

/**
 * The hidden answers (the server generated its data from the test's seed at this scale) and
 * which of their rows are public, computed as the server does. `rightOn(part)` answers that
 * part's rows right and flips the label on the other part's.
 */
function answersBySplit() {
  const challenge = challengeByKey(CHALLENGE)!;
  const csv = generateDomain("retail-banking", TEST_DATA_SEED, Number(DATA_SCALE)).answers[
    CHALLENGE
  ]!.csv;
  const [header, ...lines] = csv.trim().split("\n");
  const ids = lines.map((line) => line.split(",")[0]!);
  const publicRows = computePublicRows(challenge, TEST_DATA_SEED, ids);
  return {
    rightOn(part: number): string {
      const rows = lines.map((line, i) => {
        const [id, label] = line.split(",");
        const right = publicRows[i] === part;
        return `${id},${right ? label : label === "1" ? "0" : "1"}`;
      });
      return `${header}\n${rows.join("\n")}\n`;
    },
  };
}

async function rankedFromApi(query = ""): Promise<{ standings: string; rows: RankedRow[] }> {
  const result = await call(`/leaderboard${query}`, { method: "GET", headers: bearer(adminToken) });
  expect(result.status).toBe(200);
  return {
    standings: result.body.standings as string,
    rows: result.body.leaderboard as RankedRow[],
  };
}

/** A page in a browser of its own, signed in through the login page. */
async function signedInPage(person: { email: string; password: string }): Promise<Page> {
  const browser = await openBrowser();
  browsers.push(browser);
  const page = await browser.context.newPage();
  await signInWithForm(page, baseUrl, person);
  return page;
}

function overallTable(page: Page): Locator {
  return page.getByRole("table", { name: "Overall leaderboard" });
}

function rowOf(table: Locator, teamName: string): Locator {
  return table
    .locator("tbody tr")
    .filter({ has: table.page().getByText(teamName, { exact: true }) });
}

function banner(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title });
}

/** axe finds nothing serious, nothing scrolls sideways, and a screenshot at each width. */
async function checkAtWidths(page: Page, name: string, table = overallTable(page)): Promise<void> {
  await shoot(page, `leaderboard-${name}`, { widths: WIDTHS, atWidth: () => table.waitFor() });
}

describe("public, private and final standings", () => {
  let admin: Page;

  beforeAll(async () => {
    admin = await signedInPage(ADMIN);
  });

  it("shows an organizer the public standings first, saying what they are", async () => {
    const official = await rankedFromApi();
    expect(official.standings).toBe("public");
    expect(official.rows.map((row) => row.team_name)).toEqual([TUNER, STEADY]);

    await admin.goto(`${baseUrl}/leaderboard`);
    const publicBanner = banner(admin, LEADERBOARD_MESSAGES.publicStandingsTitle);
    await publicBanner.waitFor();
    expect(await publicBanner.textContent()).toContain("public part of the test rows (about 30%)");
    const table = overallTable(admin);
    await rowOf(table, TUNER).getByRole("img", { name: "1st place" }).waitFor();
    expect(await table.getByRole("columnheader", { name: "Public Rank" }).count()).toBe(0);
    const publicChoice = admin
      .getByRole("radiogroup", { name: "Standings shown" })
      .getByRole("radio", { name: LEADERBOARD_MESSAGES.standingsSwitchPublic });
    expect(await publicChoice.isChecked()).toBe(true);
    await checkAtWidths(admin, "public");
  });

  it("opens the private preview with each team's public rank and change, linkable by its address", async () => {
    const preview = await rankedFromApi("?standings=private");
    expect(preview.standings).toBe("private");
    expect(preview.rows.map((row) => [row.team_name, row.public_rank, row.rank_change])).toEqual([
      [STEADY, 2, 1],
      [TUNER, 1, -1],
    ]);

    await admin
      .getByRole("radiogroup", { name: "Standings shown" })
      .getByText(LEADERBOARD_MESSAGES.standingsSwitchPrivate, { exact: true })
      .click();
    await admin.waitForURL(`${baseUrl}/leaderboard?standings=private`);
    await banner(admin, LEADERBOARD_MESSAGES.privateStandingsTitle).waitFor();

    const table = overallTable(admin);
    await table.getByRole("columnheader", { name: "Public Rank" }).waitFor();
    const steady = rowOf(table, STEADY);
    await steady.getByRole("img", { name: "1st place" }).waitFor();
    expect(await steady.locator("td").nth(1).textContent()).toBe("2");
    expect(await steady.locator("td").nth(2).textContent()).toBe("▲1up 1");
    await steady.getByText("up 1", { exact: true }).waitFor({ state: "attached" });
    await rowOf(table, TUNER).getByText("down 1", { exact: true }).waitFor({ state: "attached" });
    await checkAtWidths(admin, "private-preview");

    // The address alone opens the preview, and the domain tabs follow it.
    await admin.reload();
    await banner(admin, LEADERBOARD_MESSAGES.privateStandingsTitle).waitFor();
    await admin.getByRole("tab", { name: "Retail Banking" }).click();
    const retail = admin.getByRole("tabpanel", { name: "Retail Banking" });
    const domainTable = retail.getByRole("table", { name: "Retail Banking leaderboard" });
    await rowOf(domainTable, STEADY).getByText("up 1", { exact: true }).waitFor({
      state: "attached",
    });
    await retail.getByRole("link", { name: "Open the full Retail Banking leaderboard" }).click();
    await admin.waitForURL(`${baseUrl}/leaderboard/domain/Retail%20Banking?standings=private`);
    await banner(admin, LEADERBOARD_MESSAGES.privateStandingsTitle).waitFor();
    const fullTable = admin.getByRole("table", { name: "Retail Banking leaderboard" });
    await rowOf(fullTable, TUNER).getByText("down 1", { exact: true }).waitFor({
      state: "attached",
    });
    await checkAtWidths(admin, "domain-private-preview", fullTable);
  });

  it("lets an organizer download the shake-up table", async () => {
    await admin.goto(`${baseUrl}/leaderboard`);
    const link = admin.getByRole("link", { name: LEADERBOARD_MESSAGES.shakeUpDownload });
    await link.waitFor();
    const href = (await link.getAttribute("href"))!;
    // The signed-in browser's own session (its cookie) is what lets the link download.
    const csv = await admin.evaluate<string, string>(
      (url) => fetch(url).then((response) => response.text()),
      href,
    );
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toBe(SHAKE_UP_COLUMNS.join(","));
    expect(lines.filter((line) => line.startsWith("overall,"))).toHaveLength(2);
    expect(lines.find((line) => line.includes(STEADY) && line.startsWith("overall,"))).toMatch(
      /,2,1,1$/,
    );
  });

  it("never gives a participant the preview: the API refuses and the page shows the admin message", async () => {
    const participant = await signUp("participant");
    for (const path of ["/leaderboard?standings=private", "/admin/competition/reveal"]) {
      const asked = await call(path, { method: "GET", headers: bearer(participant.token) });
      expect(asked.status, path).toBe(403);
    }
    const reveal = await call("/admin/competition/reveal", { headers: bearer(participant.token) });
    expect(reveal.status).toBe(403);

    const page = await signedInPage(participant);
    await page.goto(`${baseUrl}/leaderboard?standings=private`);
    await page.getByText(LEADERBOARD_MESSAGES.adminRequired, { exact: true }).waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
    expect(await page.getByText(LEADERBOARD_MESSAGES.privateStandingsTitle).count()).toBe(0);
    expect(await page.getByRole("radiogroup").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect((await rankedFromApi()).standings).toBe("public");
  });

  it("reveals the final standings after a confirmation; then the pages say so, with when and by whom", async () => {
    // The reveal waits for the close (issue 29): the organizers end the competition now.
    const closesAt = new Date(Date.now() + 2000).toISOString();
    const closed = await call("/admin/settings", {
      method: "PATCH",
      headers: bearer(adminToken),
      body: { closes_at: closesAt },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await admin.goto(`${baseUrl}/leaderboard?standings=private`);
    await banner(admin, LEADERBOARD_MESSAGES.privateStandingsTitle).waitFor();
    await admin.getByRole("button", { name: LEADERBOARD_MESSAGES.revealAction }).click();
    const dialog = admin.getByRole("dialog", { name: LEADERBOARD_MESSAGES.revealTitle });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("cannot be undone");
    await mkdir(SHOTS_DIR, { recursive: true });
    // Past the dialog's opening transition.
    await admin.waitForTimeout(400);
    await admin.screenshot({ path: join(SHOTS_DIR, "leaderboard-reveal-dialog-1280.png") });
    await dialog.getByRole("button", { name: LEADERBOARD_MESSAGES.revealConfirm }).click();

    const finalBanner = banner(admin, LEADERBOARD_MESSAGES.finalStandingsTitle);
    await finalBanner.waitFor();
    await dialog.waitFor({ state: "detached" });
    const record = await call("/admin/competition/reveal", {
      method: "GET",
      headers: bearer(adminToken),
    });
    expect(record.body.revealed).toBe(true);
    const by = (record.body.revealed_by as { username: string }).username;
    expect(await finalBanner.textContent()).toMatch(
      new RegExp(`Revealed on .+ by ${by}: scores on the private rows`),
    );
    expect(
      await admin.getByRole("button", { name: LEADERBOARD_MESSAGES.revealAction }).count(),
    ).toBe(0);
    expect(await admin.getByRole("radiogroup", { name: "Standings shown" }).count()).toBe(0);

    const official = await rankedFromApi();
    expect(official.standings).toBe("final");
    expect(official.rows.map((row) => row.team_name)).toEqual([STEADY, TUNER]);
    const table = overallTable(admin);
    await rowOf(table, STEADY).getByRole("img", { name: "1st place" }).waitFor();
    await rowOf(table, STEADY).getByText("up 1", { exact: true }).waitFor({ state: "attached" });
    await checkAtWidths(admin, "final");

    // A fresh load and the domain page say the same.
    await admin.goto(`${baseUrl}/leaderboard/domain/Retail%20Banking`);
    await banner(admin, LEADERBOARD_MESSAGES.finalStandingsTitle).waitFor();
    expect(
      await admin.getByRole("button", { name: LEADERBOARD_MESSAGES.revealAction }).count(),
    ).toBe(0);
  });
});
