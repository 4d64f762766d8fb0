import { configDefaults, defineConfig } from "vitest/config";
import { E2E_WAIT_MS, INTEGRATION_WAIT_MS, WEB_WAIT_MS } from "./test/support/bounds";

// Four projects: pure unit tests, integration tests against real Postgres/Redis (and the
// processes of both run modes), end-to-end tests in Debian's Chromium, and the web app's
// component tests in happy-dom.
// CI asks for a JSON report as well (VITEST_JSON_OUTPUT), to print one summary line.
const jsonOutput = process.env.VITEST_JSON_OUTPUT;

export default defineConfig({
  test: {
    ...(jsonOutput ? { reporters: ["default", "json"], outputFile: { json: jsonOutput } } : {}),
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/test/**/*.test.ts",
            "datasets/test/**/*.test.ts",
            // Rules on the code itself: they read files, start nothing.
            "test/architecture/**/*.test.ts",
          ],
          // The dataset tests fit the baselines in Python.
          testTimeout: 120_000,
          // Pure tests (no mocks, no globals, nothing started): one module cache for all files
          // halves their import time (docs/benchmarks.md, "npm test").
          isolate: false,
        },
      },
      {
        test: {
          name: "integration",
          include: [
            "services/*/test/**/*.test.ts",
            "workers/*/test/**/*.test.ts",
            "db/test/**/*.test.ts",
            "test/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, "test/architecture/**"],
          // Bounds for a busy machine, not speed checks (processes start within waitForReady's
          // 180 s there).
          testTimeout: 240_000,
          hookTimeout: 300_000,
          // Each file starts databases and processes; two cores run them best one at a time.
          fileParallelism: false,
          // One wait's bound, instead of expect.poll's 1 s (test/support/bounds.ts).
          expect: { poll: { timeout: INTEGRATION_WAIT_MS } },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          // Servers start from a copy of a first start's data folder (e2e/data-templates.ts).
          globalSetup: ["e2e/global-setup.ts"],
          // Bounds for a busy machine (load 16 on 2 cores), not speed checks: a file's beforeAll
          // may wait for a first start (e2e/data-templates.ts, up to 360 s at the start of a
          // whole run beside other CPU-bound work) and then its own server's start.
          testTimeout: 240_000,
          hookTimeout: 900_000,
          // Two files at a time: each starts its own server (own port, data folder, database)
          // and browser, and mostly waits on them. A group of its own, since its maxWorkers
          // differs from the other projects' (vitest runs groups one after another; `npm test`
          // runs this project in a process of its own beside the others: scripts/test.mjs).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          expect: { poll: { timeout: E2E_WAIT_MS } },
        },
      },
      {
        test: {
          name: "web",
          include: ["web/src/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["web/test-utils/setup.ts"],
          // A bound, not a speed check: a component test that takes 1 s on a quiet machine takes
          // 4-6 s on one busy with other work (load 12 on 2 cores), past vitest's 5 s default.
          testTimeout: 30_000,
          expect: { poll: { timeout: WEB_WAIT_MS } },
          // CSS modules give their plain class names; no stylesheet is applied.
          css: { modules: { classNameStrategy: "non-scoped" } },
        },
      },
    ],
  },
});
