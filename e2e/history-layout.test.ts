import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sceneApi } from "./api-setup";
import { openBrowser } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { horizontalOverflow, SHOTS_DIR, seriousViolations } from "./site-support";

// Issue 33: the dashboard's submission history fits 1280 px (the Final column on screen, each
// challenge on at most two lines) and never makes a 390 px page scroll sideways.
const ADMIN = { email: "history-admin@example.org", password: "history-admin-pw" };
const DAY_MS = 86_400_000;
const CAPTION = "Your team's submissions, newest first";
const LONG_NOTE =
  "Gradient boosting with 400 trees, target-encoded merchant category and a recalibrated threshold of 0.37 (fold 3 of 5)";

let server: TestServer;
let baseUrl: string;
let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
let page: Page;

beforeAll(async () => {
  server = await startServer({
    DATA_SCALE: "0.02",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
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

interface HistoryLayout {
  finalRight: number;
  frameRight: number;
  viewport: number;
  sideways: number;
  /** Per row, the lines each part of the challenge cell takes. */
  lines: number[][];
}

/** The history table's layout as the browser draws it (run in the page: no DOM types here). */
function measureHistory(page: Page): Promise<HistoryLayout> {
  return page.evaluate<HistoryLayout>(`(() => {
    const caption = ${JSON.stringify(CAPTION)};
    const table = [...document.querySelectorAll("table")].find((t) =>
      t.querySelector("caption")?.textContent?.includes(caption),
    );
    if (!table) throw new Error("no history table");
    const headers = [...table.querySelectorAll("thead th")];
    const final = headers.find((th) => th.textContent.trim() === "Final");
    if (!final) throw new Error("no Final column");
    const scroller = table.closest("[role=region]");
    // Each challenge cell's lines: the name line and the title line, one line each.
    const challengeIndex = headers.findIndex((th) => th.textContent.trim() === "Challenge");
    const lines = [...table.querySelectorAll("tbody tr")].map((row) =>
      [...row.children[challengeIndex].children].map((line) =>
        Math.round(line.getBoundingClientRect().height / parseFloat(getComputedStyle(line).lineHeight)),
      ),
    );
    return {
      finalRight: final.getBoundingClientRect().right,
      frameRight: scroller.getBoundingClientRect().right,
      viewport: document.documentElement.clientWidth,
      sideways: scroller.scrollWidth - scroller.clientWidth,
      lines,
    };
  })()`);
}

describe("the submission history's layout", () => {
  beforeAll(async () => {
    const adminToken = (await scene.call("/login-verification", { body: ADMIN })).body
      .token as string;
    const { owner, apiKey } = await scene.activeTeam(adminToken, "history-layout");
    const send = (body: Record<string, unknown>) =>
      scene.call("/submit", { headers: { "x-api-key": apiKey }, body });
    for (const [challenge, variant] of [
      [1, 1],
      [1, 2],
    ] as const) {
      const sent = await send({
        domain_name: "Retail Banking",
        task_number: challenge,
        predictions_csv: await predictions(variant),
        note: variant === 1 ? LONG_NOTE : "second try",
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    // A refused file is not kept; the longest title of the domain is.
    const refused = await send({
      domain_name: "Retail Banking",
      task_number: 2,
      predictions_csv: "CustomerID,DefaultProbability\nnot-an-id,0.5\n",
    });
    expect(refused.body.code, JSON.stringify(refused.body)).toBe("submission.invalid");
    const sample = await (
      await fetch(`${baseUrl}/static/retail-banking/sample_submission_c2.csv`)
    ).text();
    const second = await send({
      domain_name: "Retail Banking",
      task_number: 2,
      predictions_csv: sample,
      note: "the sample file as a floor",
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);

    browser = await openBrowser();
    page = await browser.context.newPage();
    await signInWithForm(page, baseUrl, owner);
  });

  it("shows every column within the viewport at 1280 px, each challenge on two lines", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const region = page.getByRole("region", { name: new RegExp(CAPTION) });
    await region.getByRole("table").locator("tbody tr").nth(2).waitFor();
    const layout = await measureHistory(page);
    expect(layout.sideways, JSON.stringify(layout)).toBe(0);
    expect(layout.finalRight).toBeLessThanOrEqual(layout.frameRight);
    expect(layout.finalRight).toBeLessThanOrEqual(layout.viewport);
    expect(layout.lines).toHaveLength(3);
    for (const lines of layout.lines) expect(lines).toEqual([1, 1]);
    // The full challenge name is one hover away.
    await region.getByTitle("Retail Banking C2: Credit Default Prediction").first().waitFor();
    await region.getByText(LONG_NOTE).waitFor();
  });

  it("is axe clean at 1280 and 390 px, and the page never scrolls sideways", async () => {
    await mkdir(SHOTS_DIR, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const region = page.getByRole("region", { name: new RegExp(CAPTION) });
      await region.waitFor();
      expect(await horizontalOverflow(page), `at ${width} px`).toBe(0);
      expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
      await region.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS_DIR, `history-layout-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
