import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { EMAIL_VERIFICATION_MESSAGES as SAY } from "@tandem/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBrowser } from "./browser";
import { signInWithForm, startServer, type TestServer } from "./pages";
import { horizontalOverflow, SHOTS_DIR, seriousViolations } from "./site-support";

// Issue 31, finding 11: the dashboard offers verification of the address (a mailed link), and the
// link, opened in the browser, verifies it. Embedded mode writes mails to DATA_DIR/outbox.
const PERSON = { email: "verify-me@example.org", password: "verify-me-pw" };

let dir: string;
let baseUrl: string;
let server: TestServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  baseUrl = server.baseUrl;
  dir = server.dataDir;
  const created = await fetch(`${baseUrl}/api/save-user-signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Vera",
      lastName: "Fied",
      fullName: "Vera Fied",
      ...PERSON,
      isStudent: false,
      position: "Data scientist",
      area: "Healthcare",
      eligible: true,
      rememberMe: true,
    }),
  });
  expect(created.status).toBe(201);
  browser = await openBrowser();
  page = await browser.context.newPage();
  await signInWithForm(page, baseUrl, PERSON);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The token of the verification link in the outbox, once it is written. */
async function mailedToken(): Promise<string> {
  const outbox = join(dir, "outbox");
  for (let i = 0; i < 100; i++) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files) {
      const raw = (await readFile(join(outbox, file), "utf8"))
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      const match = /\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(raw);
      if (match) return decodeURIComponent(match[1]!);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("No verification mail in the outbox");
}

describe("verifying an address from the dashboard", () => {
  it("shows the banner axe-clean, within 1280 and 390 px", async () => {
    await page.getByText(SAY.banner).waitFor();
    await mkdir(SHOTS_DIR, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      expect(await seriousViolations(page), `dashboard at ${width} px`).toEqual([]);
      expect(await horizontalOverflow(page), `dashboard at ${width} px`).toBe(0);
      await page.screenshot({ path: join(SHOTS_DIR, `verify-banner-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("mails a link; opening it verifies the address and the banner goes", async () => {
    await page.getByRole("button", { name: "Send verification link" }).click();
    await page.getByText(SAY.sent(PERSON.email)).waitFor();
    const token = await mailedToken();

    await page.goto(`${baseUrl}/verify-email?token=${encodeURIComponent(token)}`);
    await page.getByText(SAY.confirmed).waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      expect(await seriousViolations(page), `verify page at ${width} px`).toEqual([]);
      expect(await horizontalOverflow(page), `verify page at ${width} px`).toBe(0);
      await page.screenshot({ path: join(SHOTS_DIR, `verify-page-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await page.getByRole("heading", { name: "Dashboard", exact: true }).waitFor();
    await page.getByRole("heading", { name: "My Team" }).waitFor();
    expect(await page.getByText(SAY.banner).count()).toBe(0);

    // The link is spent.
    await page.goto(`${baseUrl}/verify-email?token=${encodeURIComponent(token)}`);
    await page.getByText(SAY.linkInvalid).waitFor();
  });
});
