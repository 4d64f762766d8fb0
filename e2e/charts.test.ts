import { join } from "node:path";
import { generateDomain } from "@tandem/datasets";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATA_SEED } from "../test/support/services";
import { bearer, type Person, sceneApi } from "./api-setup";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { launchBrowser, newPage, SHOTS_DIR, seriousViolations, shoot } from "./site-support";

// Issue 33's charts: the team's public score over time on the dashboard, the score distribution
// under a domain leaderboard, the submissions per hour on the console; each drawn on a canvas
// with its text alternative, uPlot loaded only with them (never on the landing page).
const ADMIN = { email: "charts-admin@example.org", password: "charts-admin-password" };
const DAY_MS = 86_400_000;
// Large enough for the baseline notebooks to fit, so the charts draw the baselines too.
const DATA_SCALE = "0.02";

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

let server: TestServer;
let baseUrl: string;
let browser: Browser;
let owner: Person;
const scene = sceneApi(() => baseUrl);
const { call } = scene;

/** A Retail Banking challenge 1 file that flags every `every`-th row: a different score each. */
async function fileFlagging(every: number): Promise<string> {
  const sample = await (
    await fetch(`${baseUrl}/static/retail-banking/sample_submission_c1.csv`)
  ).text();
  const ids = sample
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",")[0]!);
  return `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${i % every === 0 ? 1 : 0}`).join("\n")}\n`;
}

/** The hidden answers: the server made its data from the test's seed. */
function perfectFile(): string {
  return generateDomain("retail-banking", TEST_DATA_SEED, Number(DATA_SCALE)).answers[
    "retail-banking/1"
  ]!.csv;
}

/** Members may see the standings, and scores are shown exactly. */
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

/** Waits until the server has measured Retail Banking C1's baseline. */
async function baselineMeasured() {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const { body } = await call("/competition/domains", { method: "GET" });
    const domains = body.domains as { slug: string; challenges: { baseline: number | null }[] }[];
    if (domains.find((d) => d.slug === "retail-banking")?.challenges[0]?.baseline != null) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("Retail Banking C1's baseline was not measured");
}

async function signIn(person: { email: string; password: string }): Promise<Page> {
  const page = await newPage(browser);
  await signInWithForm(page, baseUrl, person);
  return page;
}

/** The figure is drawn: a canvas of some size, hidden from assistive technology. */
async function expectDrawn(figure: Locator) {
  const canvas = figure.locator("canvas").first();
  await canvas.waitFor();
  const box = await canvas.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);
  expect(box?.height ?? 0).toBeGreaterThan(100);
  expect(await figure.locator(".uplot").getAttribute("aria-hidden")).toBe("true");
  // The canvas has something on it: not every pixel is the same.
  const distinct = await canvas.evaluate((element) => {
    // This file is compiled without the DOM library: the canvas's few members used, typed here.
    const c = element as unknown as {
      width: number;
      height: number;
      getContext(kind: "2d"): {
        getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
      } | null;
    };
    const pixels = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < pixels.length && seen.size < 3; i += 4 * 97) {
      seen.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
    }
    return seen.size;
  });
  expect(distinct).toBeGreaterThan(1);
}

/** Its data table, behind "Show the data": opened (axe checks it too), its body rows. */
async function dataRows(page: Page, figure: Locator): Promise<string[]> {
  await figure.getByText("Show the data", { exact: true }).click();
  const rows = figure.getByRole("table").locator("tbody tr");
  await rows.first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  return rows.allInnerTexts();
}

/** axe and overflow at both widths, and a screenshot of the chart's section at each. */
async function lookAt(page: Page, section: Locator, name: string) {
  await shoot(page, name, {
    target: section,
    atWidth: async (width) => {
      // The chart follows its container's new width.
      await page.waitForTimeout(300);
      const canvas = await section.locator("canvas").first().boundingBox();
      const box = await section.boundingBox();
      expect(canvas!.width, `${name} at ${width} px`).toBeLessThanOrEqual(box!.width);
    },
  });
}

beforeAll(async () => {
  server = await startServer({
    DATA_SCALE,
    DATA_SEED: TEST_DATA_SEED,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The server measures the baselines in the background after its first start.
    BASELINE_PYTHON: process.env.TANDEM_TEST_PYTHON ?? "/usr/bin/python3",
    COMPETITION_OPENS_AT: new Date(Date.now() - DAY_MS).toISOString(),
    COMPETITION_CLOSES_AT: new Date(Date.now() + DAY_MS).toISOString(),
  });
  baseUrl = server.baseUrl;
  await baselineMeasured();
  browser = await launchBrowser();
  const adminToken = (await call("/login-verification", { body: ADMIN })).body.token as string;
  await openToParticipants(adminToken);
  // Five other teams with a spread of results on Retail Banking C1.
  for (const every of [2, 3, 4, 5, 7]) {
    const rival = await scene.activeTeam(adminToken, `rival-${every}`);
    await scene.submit(rival.apiKey, await fileFlagging(every));
  }
  // Ours improves over three submissions.
  const ours = await scene.activeTeam(adminToken, "chart-watchers");
  owner = ours.owner;
  await scene.submit(ours.apiKey, await fileFlagging(9));
  await scene.submit(ours.apiKey, await fileFlagging(3));
  await scene.submit(ours.apiKey, perfectFile());
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("charts", () => {
  it("never loads uPlot on the landing page", async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(`${baseUrl}/`);
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /UPlotChart|ScoreOverTime|ChartFigure/.test(url))).toEqual([]);
    await page.close();
  });

  it("draws the team's public score over time on the dashboard", async () => {
    const page = await signIn(owner);
    const section = page.getByRole("region", { name: "Score over time" });
    await section.waitFor();
    const figure = section.getByRole("figure", {
      name: "Public score over time: Retail Banking C1: Fraud Detection",
    });
    await expectDrawn(figure);
    // The text alternative: the sentence and one row per scored submission.
    const summary = await figure.locator("p").first().innerText();
    expect(summary).toMatch(
      /^3 public scores from .* the latest 1\.0000\. The baseline scores 0\.\d{4}; [123] of 3 beat it\./,
    );
    await lookAt(page, section, "charts-score-over-time");
    // Dark: the chart is drawn again in the scheme's colours (Mantine marks the scheme on <html>).
    await figure.locator(".uplot").evaluate((root) => root.setAttribute("data-drawn", "light"));
    await page.evaluate(
      `document.documentElement.setAttribute("data-mantine-color-scheme", "dark")`,
    );
    await figure.locator(".uplot:not([data-drawn])").waitFor();
    await section.screenshot({ path: join(SHOTS_DIR, "charts-score-over-time-dark-1280.png") });
    await page.evaluate(
      `document.documentElement.setAttribute("data-mantine-color-scheme", "light")`,
    );
    const rows = await dataRows(page, figure);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toContain("1.0000");
    expect(rows[2]).toContain("Beats it");
    await page.close();
  });

  it("draws the score distribution under a domain leaderboard", async () => {
    const page = await signIn(owner);
    await page.goto(`${baseUrl}/leaderboard/domain/retail-banking`);
    await page.getByRole("table", { name: "Retail Banking leaderboard" }).waitFor();
    const figure = page.getByRole("figure", { name: /^Score distribution: C1 / });
    await expectDrawn(figure);
    const summary = await figure.locator("p").first().innerText();
    expect(summary).toMatch(
      /^6 teams with a result on C1 .* The baseline's Macro-F1 is 0\.\d{4}; \d teams? beat it\. Your team's is 1\.0000\.$/,
    );
    await lookAt(page, figure, "charts-score-distribution");
    const rows = await dataRows(page, figure);
    const teams = rows.map((row) => Number(row.split("\t").at(-1)));
    expect(teams.reduce((sum, n) => sum + n, 0)).toBe(6);
    await page.close();
  });

  it("draws the submissions per hour on the console", async () => {
    const page = await signIn(ADMIN);
    await page.goto(`${baseUrl}/admin`);
    const figure = page.getByRole("figure", { name: "Submissions per hour" });
    await expectDrawn(figure);
    // 5 rivals and 3 of ours, all within this hour or the last.
    const summary = await figure.locator("p").first().innerText();
    expect(summary).toMatch(/^8 submissions in the last \d+ hours/);
    await lookAt(page, figure, "charts-submissions-per-hour");
    const rows = await dataRows(page, figure);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    const counted = rows.map((row) => Number(row.split("\t").at(-1)));
    expect(counted.reduce((sum, n) => sum + n, 0)).toBe(8);
    await page.close();
  });
});
