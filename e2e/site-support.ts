import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";
import { CHROMIUM_PATH, newBoundContext } from "./browser";

/** Where the screenshots go, for a person to look at. */
export const SHOTS_DIR = process.env.SHOTS_DIR ?? join(tmpdir(), "shots");

/**
 * Debian's Chromium with throw-away contexts: fake clocks, media emulation and sign-ins are per
 * context, so every test gets its own (`openBrowser` shares one persistent context).
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"],
  });
}

export interface PageOptions {
  width?: number;
  height?: number;
  reducedMotion?: "reduce" | "no-preference";
  /** The system's colour scheme (prefers-color-scheme); light unless told. */
  colorScheme?: "light" | "dark";
}

export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context = await newBoundContext(browser, {
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    reducedMotion: options.reducedMotion ?? "no-preference",
    colorScheme: options.colorScheme ?? "light",
  });
  const page = await context.newPage();
  // Closing the page closes its context too. When the page closed because the whole browser
  // is closing (afterAll), the context is already going: nothing to report.
  page.on("close", () => {
    context.close().catch(() => {});
  });
  return page;
}

/** The landing page's budget: the JavaScript it loads before anyone touches it (issue 36). */
export const LANDING_JS_BUDGET_BYTES = 100 * 1024;

/**
 * Every script `url` loads before the network goes quiet, with nobody touching the page, each
 * gzipped at level 9 (the build also serves Brotli, which is smaller still): file name to bytes.
 */
export async function initialScripts(browser: Browser, url: string): Promise<Map<string, number>> {
  const page = await newPage(browser, { width: 390, height: 844 });
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const name = new URL(response.url()).pathname;
    scripts.set(name, gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  await page.close();
  return scripts;
}

/** Clock time the fake-timer tests start from (any fixed instant works). */
export const T0 = new Date("2025-09-01T12:00:00Z").getTime();

/** Installs fake timers, paused, so timers fire only when a test advances the clock. */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1_000);
}

/** Waits until `predicate` holds in the page (React renders after the clock ticks). */
export async function until(page: Page, predicate: string): Promise<void> {
  // The context's bound (e2e/browser.ts): a 5 s bound of its own was below the project's.
  await page.waitForFunction(predicate);
}

/** Lets React commit whatever the last clock tick scheduled, without advancing fake time. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate("new Promise((resolve) => queueMicrotask(resolve))");
  await page.waitForTimeout(150);
}

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

const STILL_CSS = "*,*::before,*::after{transition:none!important;animation:none!important}";

/** axe-core's serious and critical violations on the current page (WCAG 2.x A/AA and best practice). */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  // A toast whose auto-close fires while axe runs would be measured mid-fade: with CSS motion
  // held still, every element is at its end state (shown, or at opacity 0, which axe skips).
  const still = await page.addStyleTag({ content: STILL_CSS });
  await transitionsDone(page);
  const results = await new AxeBuilder({ page })
    .analyze()
    .finally(() => still.evaluate((style) => style.remove()));
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/**
 * Waits (up to 2 s of real time) for the page's finite animations to end: those a script runs
 * (`element.animate`), which the still style cannot hold, at part opacity would read as low
 * contrast. Endless
 * ones (loaders) are left running; the bound is kept on the Node side, as a test may have faked the
 * page's timers.
 */
async function transitionsDone(page: Page): Promise<void> {
  const finished = page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
      .map((animation) => animation.finished.catch(() => undefined)),
  )`);
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise((resolve) => {
    timer = setTimeout(resolve, 2_000);
  });
  await Promise.race([finished, bound]).finally(() => clearTimeout(timer));
}

/** Horizontal overflow of the document in CSS pixels (0 when nothing scrolls sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate<number>(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  );
}

export interface ShootOptions {
  /** 1280 and 390 px unless told. */
  widths?: readonly number[];
  /** Runs at each width before the checks: waits for a layout, or checks of a test's own. */
  atWidth?: (width: number) => Promise<void>;
  /** What the screenshot shows: the full page unless told. */
  target?: Locator;
  /** Soft expectations, so that one run reports every page's findings. */
  soft?: boolean;
}

/**
 * At each width: axe finds nothing serious, nothing scrolls sideways, and a screenshot
 * `SHOTS_DIR/{name}-{width}.png`; the page is back at 1280 px after.
 */
export async function shoot(page: Page, name: string, options: ShootOptions = {}): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  const check = options.soft ? expect.soft : expect;
  for (const width of options.widths ?? [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await options.atWidth?.(width);
    check(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
    check(await horizontalOverflow(page), `${name} at ${width} px`).toBe(0);
    const path = join(SHOTS_DIR, `${name}-${width}.png`);
    if (options.target) await options.target.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The app's code (src/start.tsx's chunk), as opposed to the prerendered pages' first script. */
export const APP_SCRIPT = /\/assets\/start-[^/]+\.js$/;

/** Watches `page` for the app's script: the result says whether it has been requested so far. */
export function watchAppRequests(page: Page): () => boolean {
  let requested = false;
  page.on("request", (request) => {
    if (APP_SCRIPT.test(request.url())) requested = true;
  });
  return () => requested;
}

/** Uncaught errors and console messages of `types`, errors unless told (a hydration mismatch is one). */
export function collectErrors(page: Page, types: string[] = ["error"]): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (types.includes(message.type())) errors.push(message.text());
  });
  return errors;
}
