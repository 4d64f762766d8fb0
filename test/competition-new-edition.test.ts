import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { buildCompetition, type CompetitionDefinition, withMainWindow } from "@tandem/competition";
import { challengeAnswers, createCompetitionVersions } from "@tandem/db";
import { computePublicRows, macroF1, parseAnswers, rmse } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitionTool, servedDigests } from "./support/bundle-tools";
import { jsonApi } from "./support/http";
import {
  NEW_EDITION,
  type NewEditionData,
  newEditionDefinition,
  writeNewEditionBundle,
} from "./support/new-edition-bundle";
import {
  freePort,
  REPO_ROOT,
  type RunningProcess,
  runToEnd,
  startProcess,
  waitForReady,
} from "./support/processes";
import {
  createTestDatabase,
  createTestRedis,
  TEST_SECRETS,
  type TestDatabase,
} from "./support/services";

/**
 * The issue's acceptance test: a bundle of a competition that is not ours, imported with
 * competition:import into a fresh deployment (no data, no definition stored), then run end to
 * end against the gateway and a scoring worker as production runs them (separate processes,
 * Postgres, Redis): pages, the SDK's listing, submissions scored on both parts, leaderboards,
 * the reveal.
 */
const SEED = "new-edition-deployment-seed-0123456789abcdef";
const ADMIN = { email: "organizer@skyline.example.org", password: "skyline-organizer-1" };
const PYTHON = "/usr/bin/python3";

let database: TestDatabase;
let redis: Awaited<ReturnType<typeof createTestRedis>>;
let dir: string;
let baseUrl: string;
let gateway: RunningProcess;
let worker: RunningProcess;
let definition: CompetitionDefinition;
let data: NewEditionData;
let importOutput = "";
let staticDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await createTestRedis();
  dir = await mkdtemp(join(tmpdir(), "tandem-new-edition-"));
  staticDir = join(dir, "static");
  const webDistDir = join(dir, "web");
  await mkdir(webDistDir, { recursive: true });
  // The app shell as the web build leaves it: an empty script for the gateway to fill.
  await writeFile(
    join(webDistDir, "index.html"),
    '<!doctype html><title>App</title><script id="tandem-competition" type="application/json"></script><div id=root></div>',
  );

  definition = newEditionDefinition(new Date(), 3 * 86_400_000);
  const bundle = join(dir, "bundle");
  data = await writeNewEditionBundle(bundle, definition);
  const imported = await competitionTool("import", bundle, {
    databaseUrl: database.url,
    staticDir,
    dataDir: dir,
    seed: SEED,
  });
  importOutput = imported.output;
  if (imported.code !== 0) throw new Error(`competition:import failed:\n${imported.output}`);

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const shared = { DATABASE_URL: database.url, REDIS_URL: redis.url, QUEUE_PREFIX: redis.prefix };
  worker = startProcess("workers/scoring/src/main.ts", shared);
  gateway = startProcess("services/gateway/src/server.ts", {
    ...shared,
    ...TEST_SECRETS,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dir,
    STATIC_DIR: staticDir,
    WEB_DIST_DIR: webDistDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The definition's dates alone decide: no override of the main phase.
    COMPETITION_OPENS_AT: "",
    COMPETITION_CLOSES_AT: "",
    SUBMIT_WAIT_MS: "10000",
  });
  await waitForReady(`${baseUrl}/api/ready`, gateway);
});

afterAll(async () => {
  await gateway?.stop();
  await worker?.stop();
  await redis?.cleanup();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const loadChallenge = () => buildCompetition(definition).findChallenge("energy", 1)!;

/** Which Energy rows are public, as the import stored them. */
async function energyPublicRows(): Promise<Uint8Array> {
  const [row] = await database.handle.db
    .select()
    .from(challengeAnswers)
    .where(eq(challengeAnswers.challengeKey, "energy/1"));
  return row!.publicRows!;
}

/** Right on every public star, wrong on every third private one: the two parts differ. */
function starPredictions(): string {
  const labels: readonly string[] = NEW_EDITION.labels;
  const lines = data.stars.map((star, i) => {
    const wrong = !star.public && i % 3 === 0;
    const label = wrong ? labels[(labels.indexOf(star.label) + 1) % labels.length] : star.label;
    return `${star.id},${label}`;
  });
  return `star_id,class\n${lines.join("\n")}\n`;
}

/** Off by 1 kW on public rows and by 2 kW on private ones: RMSE 1 and 2. */
function loadPredictions(publicRows: Uint8Array): string {
  const lines = data.loads.map(
    (row, i) => `${row.meter},${row.hour},${(row.load + (publicRows[i] ? 1 : 2)).toFixed(2)}`,
  );
  return `meter_id,hour,load\n${lines.join("\n")}\n`;
}

function expectedStarScores() {
  const part = (isPublic: boolean) => {
    const rows = data.stars.map((s, i) => ({ s, i })).filter(({ s }) => s.public === isPublic);
    const predicted = starPredictions().trim().split("\n").slice(1);
    return macroF1(
      rows.map(({ s }) => s.label),
      rows.map(({ i }) => predicted[i]!.split(",")[1]!),
    );
  };
  return { public: part(true), private: part(false) };
}

let adminAuth: Record<string, string>;
const team = { id: "", apiKey: "", name: "stargazers" };

const submit = (domain: string, csv: string) =>
  jsonApi(baseUrl, "/api/submit", {
    method: "POST",
    headers: { "x-api-key": team.apiKey },
    body: { domain_name: domain, task_number: 1, predictions_csv: csv },
  });

/** Reads a leaderboard until `ready` holds of it (the workers rebuild behind the scores). */
async function leaderboardUntil(
  path: string,
  ready: (body: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const board = await jsonApi(baseUrl, path, { headers: adminAuth });
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    if (ready(board.body) || Date.now() > deadline) return board.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("a different competition imported into a fresh deployment, end to end", () => {
  it("is imported whole: the definition as version 1 and both domains' data", async () => {
    expect(importOutput).toContain("definition version 1 (was 0)");
    expect(importOutput).toMatch(
      /astronomy: data version 1, \d+ files; answers: astronomy\/1 300 rows/,
    );
    expect(importOutput).toMatch(/energy: data version 1, \d+ files; answers: energy\/1 320 rows/);
    const stored = await createCompetitionVersions({ db: database.handle.db }).latest();
    expect(stored).toMatchObject({ version: 1, source: "import" });
    // Energy's answers came without a split column: split from the deployment's seed, by meter.
    const ids = parseAnswers(
      `meter_id,hour,load\n${data.loads.map((r) => `${r.meter},${r.hour},${r.load}`).join("\n")}\n`,
      loadChallenge(),
    ).table.ids;
    expect([...(await energyPublicRows())]).toEqual([
      ...computePublicRows(loadChallenge(), SEED, ids),
    ]);
  });

  it("GET /api/competition shows the new definition, open in its main phase", async () => {
    const { status, body } = await jsonApi(baseUrl, "/api/competition");
    expect(status).toBe(200);
    const main = definition.phases.find((p) => p.id === "main")!;
    expect(body).toMatchObject({
      version: 1,
      definition: {
        identity: { name: NEW_EDITION.name, edition: NEW_EDITION.edition },
        site: { hero: { heading: NEW_EDITION.heroHeading } },
        phases: definition.phases,
        timeline: definition.timeline,
      },
      status: {
        state: "open",
        phase: { id: "main", name: "Main round", counts: true },
        ends_at: new Date(main.ends_at).toISOString(),
        revealed: false,
      },
    });
  });

  it("GET /api/competition/domains lists exactly the two new domains", async () => {
    const { status, body } = await jsonApi(baseUrl, "/api/competition/domains");
    expect(status).toBe(200);
    const domains = body.domains as { name: string; slug: string; challenges: unknown[] }[];
    expect(domains.map((d) => [d.slug, d.name])).toEqual([
      ["astronomy", "Astronomy"],
      ["energy", "Energy"],
    ]);
    expect(domains[0]!.challenges).toEqual([
      expect.objectContaining({ submission_format: "star_id,class" }),
    ]);
    const testFile = await fetch(`${baseUrl}/static/energy/meters_test.csv`);
    expect(testFile.status).toBe(200);
    expect((await testFile.text()).split("\n")[0]).toBe("meter_id,hour,temperature");
  });

  it("serves the landing page with the new competition in its injected definition", async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const injected = /<script id="tandem-competition"[^>]*>([\s\S]*?)<\/script>/.exec(html);
    expect(injected, 'no <script id="tandem-competition"> in the landing page').not.toBeNull();
    expect(injected![1]).toContain("Skyline Open Data Challenge");
  });

  it("registers a team that the organizer activates", async () => {
    const signup = await jsonApi(baseUrl, "/api/save-user-signup", {
      method: "POST",
      body: {
        firstName: "Vera",
        lastName: "Rubin",
        email: "vera@skyline.example.org",
        password: "dark matter 1",
        isStudent: false,
        position: "Astronomer",
        area: "Physics",
        eligible: true,
        rememberMe: true,
      },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const auth = { authorization: `Bearer ${signup.body.token}` };
    const created = await jsonApi(baseUrl, "/api/teams/create", {
      method: "POST",
      headers: auth,
      body: { team_name: team.name },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const view = created.body.team as { id: string; api_key: string };
    team.id = view.id;
    team.apiKey = view.api_key;

    const login = await jsonApi(baseUrl, "/api/login-verification", {
      method: "POST",
      body: ADMIN,
    });
    expect(login.status).toBe(200);
    adminAuth = { authorization: `Bearer ${login.body.token}` };
    const started = await jsonApi(baseUrl, "/api/competition/start", {
      method: "POST",
      headers: { ...adminAuth, "x-team-id": team.id },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.status).toBe("active");
  });

  it("lists the two domains from the Python SDK", async () => {
    const script = [
      "import json, sys",
      "from tandem_bench import BenchmarkClient",
      "client = BenchmarkClient(api_key=sys.argv[1], team_name=sys.argv[2], base_url=sys.argv[3], verbose=False)",
      "print(json.dumps(client.get_domains()))",
    ].join("\n");
    const { stdout } = await promisify(execFile)(
      PYTHON,
      ["-c", script, team.apiKey, team.name, baseUrl],
      {
        env: {
          ...process.env,
          PYTHONPATH: join(REPO_ROOT, "sdk/python"),
          HOME: join(dir, "home"),
        },
      },
    );
    expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual(NEW_EDITION.domains);
  });

  it("scores a valid file of each challenge on its public part, and refuses an invalid one", async () => {
    const stars = await submit("Astronomy", starPredictions());
    expect(stars.status, JSON.stringify(stars.body)).toBe(200);
    expect(stars.body).toMatchObject({
      success: true,
      metric_name: "Macro-F1",
      score_kind: "public",
      counted: true,
    });
    expect(stars.body.score).toBeCloseTo(expectedStarScores().public, 12);
    expect(expectedStarScores().private).toBeLessThan(expectedStarScores().public);

    const publicRows = await energyPublicRows();
    const loads = await submit("energy", loadPredictions(publicRows));
    expect(loads.status, JSON.stringify(loads.body)).toBe(200);
    expect(loads.body).toMatchObject({ metric_name: "RMSE", score_kind: "public", counted: true });
    expect(loads.body.score).toBeCloseTo(1, 9);

    const invalid = await submit(
      "Astronomy",
      `star_id,class\n${data.stars[0]!.id},quasar\nS99999,dwarf\n`,
    );
    expect(invalid.status).toBe(400);
    const errors = (invalid.body.details as { validation_errors: string[] }).validation_errors;
    expect(errors.join("\n")).toMatch(/quasar/);
    expect(errors.join("\n")).toMatch(/S99999/);
  });

  it("ranks the team on the overall and both domain leaderboards", async () => {
    const overall = await leaderboardUntil("/api/leaderboard", (body) =>
      (body.leaderboard as { team_id: string; valid_submissions_total: number }[]).some(
        (row) => row.team_id === team.id && row.valid_submissions_total === 2,
      ),
    );
    expect(overall).toMatchObject({
      standings: "public",
      leaderboard: [{ rank: 1, team_name: team.name, valid_submissions_total: 2 }],
    });
    for (const [slug, key, value] of [
      ["astronomy", "astronomy/1", expectedStarScores().public],
      ["energy", "energy/1", 1],
    ] as const) {
      const board = await leaderboardUntil(`/api/leaderboard/domain/${slug}`, () => true);
      expect(board).toMatchObject({ slug, standings: "public" });
      const [row] = board.leaderboard as {
        rank: number;
        team_name: string;
        challenges: Record<string, { metric_value: number }>;
      }[];
      expect(row).toMatchObject({ rank: 1, team_name: team.name });
      expect(row!.challenges[key]!.metric_value).toBeCloseTo(value, 9);
    }
  });

  it("refuses to reveal before the main phase closes", async () => {
    const early = await jsonApi(baseUrl, "/api/admin/competition/reveal", {
      method: "POST",
      headers: adminAuth,
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("competition.reveal_too_early");
  });

  it("after the close, reveals the final standings on the private part; later submissions are practice", async () => {
    // Time passes: the organizers' next version closes the main phase a moment ago.
    const closed = withMainWindow(definition, { closesAt: new Date(Date.now() - 1000) });
    const inserted = await createCompetitionVersions({ db: database.handle.db }).insert(
      database.handle.db,
      {
        version: 2,
        definition: closed,
        changes: ["The main round closed."],
        source: "console",
        createdBy: null,
        createdByEmail: ADMIN.email,
      },
    );
    expect(inserted).toBe(true);
    const deadline = Date.now() + 10_000;
    let state = "";
    while (state !== "closed" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { body } = await jsonApi(baseUrl, "/api/competition");
      state = (body.status as { state: string }).state;
    }
    expect(state).toBe("closed");

    const reveal = await jsonApi(baseUrl, "/api/admin/competition/reveal", {
      method: "POST",
      headers: adminAuth,
    });
    expect(reveal.status, JSON.stringify(reveal.body)).toBe(201);
    expect(reveal.body).toMatchObject({ revealed: true, standings: "final" });

    const overall = await leaderboardUntil(
      "/api/leaderboard",
      (body) => body.standings === "final",
    );
    expect(overall).toMatchObject({
      standings: "final",
      leaderboard: [{ rank: 1, team_name: team.name }],
    });
    const stars = await leaderboardUntil("/api/leaderboard/domain/astronomy", () => true);
    expect(stars.standings).toBe("final");
    const starRow = (
      stars.leaderboard as { challenges: Record<string, { metric_value: number }> }[]
    )[0]!;
    expect(starRow.challenges["astronomy/1"]!.metric_value).toBeCloseTo(
      expectedStarScores().private,
      9,
    );
    const grid = await leaderboardUntil("/api/leaderboard/domain/energy", () => true);
    const gridRow = (
      grid.leaderboard as { challenges: Record<string, { metric_value: number }> }[]
    )[0]!;
    expect(gridRow.challenges["energy/1"]!.metric_value).toBeCloseTo(2, 9);
    // Checked against the metric itself, not only the planted offsets.
    const publicRows = await energyPublicRows();
    const privateRows = data.loads.filter((_, i) => publicRows[i] === 0);
    expect(
      rmse(
        privateRows.map((r) => r.load),
        privateRows.map((r) => r.load + 2),
      ),
    ).toBeCloseTo(2, 9);

    // Another file than the counted one (the same file again would be answered as a duplicate).
    const [header, first, ...rest] = starPredictions().split("\n");
    const [id, label] = first!.split(",");
    const other = NEW_EDITION.labels.find((l) => l !== label)!;
    const late = await submit("Astronomy", [header, `${id},${other}`, ...rest].join("\n"));
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body).toMatchObject({ counted: false, score_kind: "final" });
  });

  it("data:generate leaves the two domains alone: they have no generator, their data came with the bundle", async () => {
    const before = {
      astronomy: await servedDigests(staticDir, "astronomy"),
      energy: await servedDigests(staticDir, "energy"),
    };
    const generated = await runToEnd("datasets/src/cli/generate.ts", ["--scale", "0.002"], {
      DATABASE_URL: database.url,
      REDIS_URL: "",
      STATIC_DIR: staticDir,
      DATA_DIR: dir,
      DATA_SEED: SEED,
      BASELINE_PYTHON: "none",
    });
    expect(generated.code, generated.output).toBe(0);
    expect(generated.output).toContain(
      "astronomy has no generator: its data comes from an import (competition:import or data:import); left as it is.",
    );
    expect(generated.output).toContain("energy has no generator");
    expect(generated.output).toContain("nothing to generate");
    expect(generated.output).not.toContain("commerce");
    expect({
      astronomy: await servedDigests(staticDir, "astronomy"),
      energy: await servedDigests(staticDir, "energy"),
    }).toEqual(before);
  });
});
