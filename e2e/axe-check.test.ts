import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, seriousViolations } from "./site-support";

// The pages' axe checks must judge what a reader sees once the page is still, not a toast caught
// by chance halfway through its fade (CI failed once on exactly that), and still catch text that
// is too faint when nothing moves.
describe("seriousViolations", () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("does not count a toast that starts fading out while axe runs as low contrast", async () => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>Fade</title></head>
      <body><main><p id="toast" style="color:#000;background:#fff;transition:opacity 8s linear">
      Version 1 saved</p></main></body></html>`);
    // The fade starts and is caught a few seconds in, as a toast's auto-close would be.
    await page.evaluate(`document.getElementById("toast").style.opacity = "0"`);
    await page.waitForTimeout(3_000);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("still finds faint text on a still page", async () => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>Faint</title></head>
      <body><main><p style="color:#bbb;background:#fff">Too faint to read</p></main></body></html>`);
    const found = await seriousViolations(page);
    expect(found.map((finding) => finding.id)).toEqual(["color-contrast"]);
  });

  it("leaves the page's own transitions in place after the check", async () => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>Kept</title></head>
      <body><main><p id="kept" style="transition:opacity 1s linear">Kept</p></main></body></html>`);
    await seriousViolations(page);
    const transition = await page.evaluate<string>(
      `getComputedStyle(document.getElementById("kept")).transitionDuration`,
    );
    expect(transition).toBe("1s");
  });
});
