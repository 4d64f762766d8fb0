/**
 * How long one wait inside a test may take, per project: bounds for a busy machine, not speed
 * checks (a wait returns as soon as what it waits for happens). vitest.config.ts gives them to
 * expect.poll, e2e/browser.ts to Playwright and web/test-utils/setup.ts to Testing Library;
 * test/architecture/test-bounds.test.ts fails on a test that names a smaller one of its own
 * (a 1 s expect.poll default failed a leaderboard test in a whole run beside two CPU-bound
 * processes, issue 34).
 */

/** A Playwright action, navigation or wait, and expect.poll, in e2e: one page load took more
 * than Playwright's 30 s default beside other CPU-bound work (load 20 on 2 cores). */
export const E2E_WAIT_MS = 120_000;

/** expect.poll in the integration tests: processes and sweeps that answer in seconds when quiet. */
export const INTEGRATION_WAIT_MS = 120_000;

/** A wait in the helpers the e2e and integration tests share (test/support, workers' helper). */
export const SHARED_WAIT_MS = Math.max(E2E_WAIT_MS, INTEGRATION_WAIT_MS);

/** findBy*, waitFor and expect.poll in the web's component tests: a re-render, which a busy
 * machine delays by seconds (Testing Library's default is 1 s). */
export const WEB_WAIT_MS = 10_000;
