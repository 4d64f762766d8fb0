import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
} from "playwright-core";
import { E2E_WAIT_MS } from "../test/support/bounds";

/** Debian's Chromium, driven by playwright-core (never a downloaded browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Playwright's bound for one action, navigation or wait, for a busy machine, not a speed check
 * (test/support/bounds.ts): below the test's own bound (vitest.config.ts), which stays the one
 * that ends a test that hangs.
 */
export const ACTION_BOUND_MS = E2E_WAIT_MS;

/** Gives `context` the e2e bound for every action and navigation (ACTION_BOUND_MS). */
export function withActionBound<Context extends BrowserContext>(context: Context): Context {
  context.setDefaultTimeout(ACTION_BOUND_MS);
  return context;
}

/** `browser.newContext(options)` with the e2e bound (ACTION_BOUND_MS). */
export async function newBoundContext(
  browser: Browser,
  options?: BrowserContextOptions,
): Promise<BrowserContext> {
  return withActionBound(await browser.newContext(options));
}

/**
 * A browser context on a fresh, throw-away profile (`--user-data-dir`, which Playwright
 * takes only through a persistent context). Each call is an independent browser.
 */
export async function openBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), "tandem-chromium-"));
  const context = withActionBound(
    await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: FLAGS,
      headless: true,
      viewport: { width: 1280, height: 800 },
    }),
  );
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
