/**
 * The dashboard's reads for a team with 1,000 submissions (issue 33: the history and the summary
 * each under 50 ms): GET /api/submissions/history (the dashboard's first page of 25, 50 per page,
 * a deep cursor page, filtered by challenge and by status), GET /api/submissions/summary, the
 * final-pick card's GET /api/submissions/final-candidates, and GET /api/health as the floor the
 * same gateway process gives any request, one request at a time over keep-alive.
 * 299 other teams hold 44,000 more rows, so the team's rows are a slice of a big table (300
 * teams, 45,000 submissions). The team's files are the size a real one is (a CSV of 20,000
 * predictions, 115 KB gzipped as stored; an upload of 1.6 MB stores about 600 KB): a read that carries them costs
 * what it costs in production. OWN_SUBMISSIONS=5000 gives issue 18's team.
 * Needs Postgres and Redis as the integration tests do. Run: npm run bench:history
 */
import { KEY, startHistoryScene, timed } from "./support/history-scene";

const OWN = Number(process.env.OWN_SUBMISSIONS ?? 1000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);

const scene = await startHistoryScene(OWN);
const base = scene.base;
const headers = { "x-api-key": KEY };

try {
  // A cursor deep in the history (page 51 of 5,000; page 16 of 1,000): the keyset query must
  // cost the same there.
  const deepPage = Math.min(51, Math.floor(OWN / 50) - 4);
  let cursor = "";
  for (let page = 1; page < deepPage; page++) {
    const response = await fetch(
      `${base}/api/submissions/history?limit=50${cursor ? `&cursor=${cursor}` : ""}`,
      { headers },
    );
    const body = (await response.json()) as { next_cursor?: string };
    if (!body.next_cursor) throw new Error(`page ${page}: ${JSON.stringify(body)}`);
    cursor = encodeURIComponent(body.next_cursor);
  }
  console.log(
    `team of ${OWN.toLocaleString("en")} submissions (files of ${scene.fileKb} KB gzipped) among ${scene.rows.toLocaleString("en")} rows of ${scene.teams} teams; ${SAMPLES} sequential requests each`,
  );
  const cases: [string, string][] = [
    ["GET /api/health (floor)", "/api/health"],
    ["history, dashboard page (25)", "/api/submissions/history?limit=25"],
    ["history, first page (50)", "/api/submissions/history"],
    [`history, page ${deepPage} by cursor`, `/api/submissions/history?limit=50&cursor=${cursor}`],
    ["history, one challenge", "/api/submissions/history?challenge=healthcare/2"],
    ["history, status failed", "/api/submissions/history?status=failed"],
    ["history, 500 per page", "/api/submissions/history?limit=500"],
    ["summary (17 challenges)", "/api/submissions/summary"],
    ...(process.env.BENCH_NO_CANDIDATES
      ? []
      : [["final candidates", "/api/submissions/final-candidates"] as [string, string]]),
  ];
  const floor = await timed(`${base}/api/health`, headers, SAMPLES);
  for (const [label, path] of cases) {
    const { p50, p95 } =
      path === "/api/health" ? floor : await timed(`${base}${path}`, headers, SAMPLES);
    console.log(
      `${label.padEnd(28)} p50 ${p50.toFixed(2).padStart(6)} ms   p95 ${p95.toFixed(2).padStart(6)} ms   p50 / floor ${(p50 / floor.p50).toFixed(1)}`,
    );
  }
} finally {
  await scene.stop();
}
