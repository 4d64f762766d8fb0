/**
 * The landing page's two speed figures (issue 8): initial JavaScript (gzip) and Lighthouse
 * mobile performance, against the embedded server with the built web app. Lighthouse runs with
 * Debian's Chromium, several times in one go; its median is reported because this machine's
 * speed varies from minute to minute. Run: npm run build:web && npm run bench:site
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { startServer } from "../e2e/pages";
import { launchBrowser, newPage } from "../e2e/site-support";
import { REPO_ROOT } from "../test/support/processes";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const server = await startServer();
const dir = mkdtempSync(join(tmpdir(), "tandem-bench-site-"));

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

try {
  // Every script the landing page loads before the network goes quiet, gzipped at level 9 (the
  // build also serves Brotli, which is smaller still).
  const browser = await launchBrowser();
  const page = await newPage(browser, { width: 390, height: 844 });
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto(`${server.baseUrl}/`);
  await page.waitForLoadState("networkidle");
  await browser.close();
  const js = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(
    `landing page initial JavaScript: ${(js / 1024).toFixed(1)} KB gzip in ${scripts.size} files (target at most 200 KB)`,
  );

  const lighthouse = join(REPO_ROOT, "node_modules", ".bin", "lighthouse");
  // "simulate" (Lighthouse's default, the target) estimates a slow phone on slow 4G from
  // an unthrottled load; "devtools" really throttles the network and CPU, so it shows what the
  // prerendered HTML buys a visitor before any script has run.
  for (const method of ["simulate", "devtools"] as const) {
    const scores: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const output = join(dir, `${method}-${run}.json`);
      // stderr is kept so that a failed run says why (execFileSync puts it in the error).
      execFileSync(
        lighthouse,
        [
          `${server.baseUrl}/`,
          "--only-categories=performance",
          `--throttling-method=${method}`,
          "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking",
          "--output=json",
          `--output-path=${output}`,
          "--quiet",
        ],
        {
          env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" },
          stdio: ["ignore", "ignore", "pipe"],
        },
      );
      const report = JSON.parse(readFileSync(output, "utf8")) as {
        categories: { performance: { score: number } };
        audits: Record<string, { displayValue?: string }>;
      };
      const score = Math.round(report.categories.performance.score * 100);
      scores.push(score);
      const metric = (id: string) => report.audits[id]?.displayValue ?? "?";
      console.log(
        `lighthouse (${method}) run ${run}: ${score}   FCP ${metric("first-contentful-paint")}   LCP ${metric("largest-contentful-paint")}   TBT ${metric("total-blocking-time")}   CLS ${metric("cumulative-layout-shift")}`,
      );
    }
    console.log(
      `lighthouse mobile performance (${method}), median of ${RUNS}: ${median(scores)}${method === "simulate" ? " (target at least 90)" : ""}`,
    );
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
