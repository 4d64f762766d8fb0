/**
 * The public pages' speed figures (issues 8 and 36): the landing page's initial JavaScript
 * (gzip), and Lighthouse mobile performance of the landing page and the other public pages,
 * against the embedded server with the built web app. Lighthouse runs with Debian's Chromium,
 * several times per page; medians are reported because this machine's speed varies from minute
 * to minute, with the load average beside them. Run: npm run build:web && npm run bench:site
 * (BENCH_LIGHTHOUSE_RUNS, default 3; BENCH_SITE_PAGES=landing for the landing page alone, or a
 * comma-separated list of the other pages' paths, such as /login,/register, for those alone;
 * BENCH_SITE_GITHUB=off for a deployment without GitHub sign-in; BENCH_SITE_LEADERBOARD=public to
 * open the leaderboards to everyone first, as organizers may, for /leaderboard and
 * /leaderboard/domain/:name as such a competition serves them; an edited definition is served
 * with the app's shell until the next build, so that run's landing page figures are the app's).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sceneApi } from "../e2e/api-setup";
import { startServer } from "../e2e/pages";
import { initialScripts, LANDING_JS_BUDGET_BYTES, launchBrowser } from "../e2e/site-support";
import { REPO_ROOT } from "../test/support/processes";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const SELECTED = process.env.BENCH_SITE_PAGES;
const LANDING_ONLY = SELECTED === "landing";
/** The public pages besides "/", signed out, as a visitor opens them. */
const ALL_PAGES = [
  "/about",
  "/rules",
  "/resources",
  "/sponsors",
  "/domains",
  "/domains/retail-banking",
  "/leaderboard",
  "/login",
  "/register",
];
const LISTED = SELECTED && !LANDING_ONLY ? SELECTED.split(",").map((path) => path.trim()) : null;
const WITH_LANDING = !LISTED || LISTED.includes("/");
const PAGES = LISTED ? LISTED.filter((path) => path !== "/") : ALL_PAGES;
// A GitHub app is configured as in a production deployment (never called: nobody signs in), so
// /login is measured as such a deployment serves it; BENCH_SITE_GITHUB=off measures it as a
// fresh install serves it, where the page's first script says GitHub sign-in is off (ADR 0026).
const ADMIN = { email: "bench-site-admin@example.org", password: "bench-site-admin-pw" };
const server = await startServer({
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ...(process.env.BENCH_SITE_GITHUB === "off"
    ? {}
    : { GITHUB_CLIENT_ID: "bench-client-id", GITHUB_CLIENT_SECRET: "bench-client-secret" }),
});
if (process.env.BENCH_SITE_LEADERBOARD === "public") await openLeaderboards();

/** The organizers open the leaderboards to everyone, through the console's API. */
async function openLeaderboards() {
  const { call, editDefinition } = sceneApi(() => server.baseUrl);
  const token = (await call("/login-verification", { body: ADMIN })).body.token as string;
  await editDefinition(token, (definition) => {
    definition.leaderboard_visibility = "public";
  });
  console.log("leaderboards open to everyone (leaderboard_visibility: public)");
}
const dir = mkdtempSync(join(tmpdir(), "tandem-bench-site-"));

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

const load = () => `load ${loadavg()[0]!.toFixed(1)}`;

interface Report {
  categories: { performance: { score: number | null } };
  runtimeError?: { code?: string; message?: string };
  audits: Record<string, { displayValue?: string; numericValue?: number }>;
}

const lighthouse = join(REPO_ROOT, "node_modules", ".bin", "lighthouse");

/**
 * One Lighthouse mobile run of `path`; prints its line and returns the report, or null when
 * Lighthouse could not record the page (it happens on this machine under load: "Something went
 * wrong with recording the trace", or a score of null). Such a run is reported, not counted.
 */
function runLighthouse(path: string, method: "simulate" | "devtools", run: number): Report | null {
  const output = join(dir, `${method}-${run}.json`);
  const before = load();
  try {
    lighthouseRun(path, method, output);
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? error).trim();
    console.log(
      `lighthouse (${method}) ${path} run ${run}: failed (${before}): ${stderr.split("\n").at(-1)}`,
    );
    return null;
  }
  const report = JSON.parse(readFileSync(output, "utf8")) as Report;
  if (report.categories.performance.score === null) {
    console.log(
      `lighthouse (${method}) ${path} run ${run}: no score (${before}): ${report.runtimeError?.message ?? "?"}`,
    );
    return null;
  }
  const metric = (id: string) => report.audits[id]?.displayValue ?? "?";
  console.log(
    `lighthouse (${method}) ${path} run ${run}: ${score(report)}   FCP ${metric("first-contentful-paint")}   LCP ${metric("largest-contentful-paint")}   TBT ${metric("total-blocking-time")}   CLS ${metric("cumulative-layout-shift")}   (${before}, ${load()} after)`,
  );
  return report;
}

function lighthouseRun(path: string, method: "simulate" | "devtools", output: string) {
  // stderr is kept so that a failed run says why (execFileSync puts it in the error).
  execFileSync(
    lighthouse,
    [
      `${server.baseUrl}${path}`,
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
}

const score = (report: Report) => Math.round((report.categories.performance.score ?? 0) * 100);

/** RUNS recorded runs of `path`: a run Lighthouse could not record is tried again, twice at most. */
function runs(path: string, method: "simulate" | "devtools"): Report[] {
  const reports: Report[] = [];
  for (let attempt = 1; reports.length < RUNS && attempt <= RUNS + 2; attempt++) {
    const report = runLighthouse(path, method, attempt);
    if (report) reports.push(report);
  }
  if (reports.length === 0) console.log(`lighthouse (${method}) ${path}: no run recorded`);
  return reports;
}

try {
  const browser = await launchBrowser();
  const scripts = await initialScripts(browser, `${server.baseUrl}/`);
  await browser.close();
  const js = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(
    `landing page initial JavaScript: ${(js / 1024).toFixed(1)} KB gzip in ${scripts.size} files, ${js} bytes (target at most ${LANDING_JS_BUDGET_BYTES / 1024} KB)`,
  );
  if (RUNS === 0) process.exit(0);

  // "simulate" (Lighthouse's default, the target) estimates a slow phone on slow 4G from
  // an unthrottled load; "devtools" really throttles the network and CPU, so it shows what the
  // prerendered HTML buys a visitor before any script has run.
  for (const method of WITH_LANDING ? (["simulate", "devtools"] as const) : []) {
    const reports = runs("/", method);
    if (reports.length === 0) continue;
    const lcp = median(
      reports.map((r) => r.audits["largest-contentful-paint"]?.numericValue ?? Infinity),
    );
    const cls = Math.max(
      ...reports.map((r) => r.audits["cumulative-layout-shift"]?.numericValue ?? Infinity),
    );
    console.log(
      `lighthouse mobile performance (${method}) /, median of ${reports.length}: ${median(reports.map(score))}, LCP ${(lcp / 1000).toFixed(2)} s, CLS at most ${cls}${method === "simulate" ? " (target at least 98, LCP under 1.8 s, CLS 0)" : ""}`,
    );
  }
  if (!LANDING_ONLY) {
    const medians: string[] = [];
    for (const path of PAGES) {
      const reports = runs(path, "simulate");
      if (reports.length === 0) continue;
      const cls = Math.max(
        ...reports.map((r) => r.audits["cumulative-layout-shift"]?.numericValue ?? Infinity),
      );
      medians.push(
        `${path} ${median(reports.map(score))} (${reports.map(score).join(", ")}; CLS at most ${cls})`,
      );
    }
    console.log(
      `lighthouse mobile performance (simulate), medians: ${medians.join(", ")} (target at least 95)`,
    );
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
