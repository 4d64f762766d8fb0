import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import { challengeAnswers } from "@tandem/db";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../test/support/processes";
import { bearer, type Person, sceneApi } from "./api-setup";
import { openBrowser } from "./browser";
import { signInWithForm } from "./pages";
import { type ProdStack, startProdStack } from "./prod-stack";
import { shoot } from "./site-support";

// Issue 19: the organizers' console acts on the running competition, in production mode (gateway
// plus a scoring worker): activating teams in bulk, disqualifying, rescoring after an answer fix,
// pausing submissions, exporting; each action then appears in the audit log.
//
// On Retail Banking C1 (Macro-F1) "alpha" sends the hidden answers (1.0), "charlie" says no
// transaction is fraud, "bravo" is disqualified. The answer fix flips every label, so alpha and
// charlie swap places.
const ADMIN = { email: "actions-admin@example.org", password: "actions-admin-pw" };
const DAY_MS = 86_400_000;
const CHALLENGE = "retail-banking/1";
const REASON = "Shared one account across two teams";
const PAUSE_MESSAGE = "Paused while we fix the answers of Retail Banking C1. Back at 14:00 UTC.";
const PENDING = ["pending-a", "pending-b", "pending-c"];
const PYTHON = process.env.TANDEM_TEST_PYTHON ?? "/usr/bin/python3";
const run = promisify(execFile);

let stack: ProdStack;
let baseUrl: string;
const scene = sceneApi(() => baseUrl);
const { call } = scene;
const closers: (() => Promise<void>)[] = [];
let adminToken: string;
let admin: Page;
const teams: Record<string, { id: string; apiKey: string; owner: Person }> = {};

beforeAll(async () => {
  stack = await startProdStack({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COMPETITION_OPENS_AT: new Date(Date.now() - DAY_MS).toISOString(),
    COMPETITION_CLOSES_AT: new Date(Date.now() + DAY_MS).toISOString(),
    NOTIFY_SWEEP_SECONDS: "0",
    RATE_LIMIT_AUTH_PER_IP: "1000",
    RATE_LIMIT_AUTH_PER_EMAIL: "1000",
  });
  baseUrl = stack.baseUrl;
  await stack.startWorker();
  adminToken = (await call("/login-verification", { body: ADMIN })).body.token as string;
  // Every team ranks on its exact score: the default ladder shows none below the baseline, which
  // the server measures in the background, so charlie's zeros would rank or not by timing.
  await scene.exactFeedback(adminToken);

  const answers = await storedAnswers();
  const rows = answers.csv.trimEnd().split("\n").slice(1);
  const zeros = `TxnID,FraudLabel\n${rows.map((row) => `${row.split(",")[0]},0`).join("\n")}\n`;
  const alternate = `TxnID,FraudLabel\n${rows.map((row, i) => `${row.split(",")[0]},${i % 2}`).join("\n")}\n`;
  for (const [name, csv] of [
    ["alpha", answers.csv],
    ["bravo", alternate],
    ["charlie", zeros],
  ] as const) {
    const made = await scene.activeTeam(adminToken, name);
    teams[name] = { id: await teamIdOf(name), apiKey: made.apiKey, owner: made.owner };
    await scene.submit(made.apiKey, csv);
  }
  for (const name of PENDING) {
    const owner = await scene.signUp(name);
    const created = await call("/teams/create", {
      headers: bearer(owner.token),
      body: { team_name: name },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  admin = await signIn(ADMIN);
});

afterAll(async () => {
  for (const close of closers) await close();
  await stack?.stop();
});

async function storedAnswers() {
  const [row] = await stack.db
    .select()
    .from(challengeAnswers)
    .where(eq(challengeAnswers.challengeKey, CHALLENGE));
  return { csv: gunzipSync(row!.answers).toString("utf8"), version: row!.version };
}

async function teamIdOf(name: string): Promise<string> {
  const listed = await call(`/admin/teams?query=${name}`, {
    method: "GET",
    headers: bearer(adminToken),
  });
  const found = (listed.body.teams as { id: string; name: string }[]).find((t) => t.name === name);
  return found!.id;
}

async function signIn(person: { email: string; password: string }): Promise<Page> {
  const browser = await openBrowser();
  closers.push(() => browser.close());
  const page = await browser.context.newPage();
  await signInWithForm(page, baseUrl, person);
  return page;
}

/** The team names of a leaderboard table, top first (the baseline row is not a team). */
async function rankedNames(table: Locator): Promise<string[]> {
  const cells = await table
    .locator(
      "tbody tr:not([class*='baselineRow']) td:nth-child(2), tbody tr:not([class*='baselineRow']) th:nth-child(2)",
    )
    .allInnerTexts();
  return cells.map((text) => text.trim().split("\n")[0]!.trim());
}

async function domainBoard(page: Page): Promise<string[]> {
  await page.goto(`${baseUrl}/leaderboard/domain/${encodeURIComponent("Retail Banking")}`);
  const table = page.getByRole("table", { name: "Retail Banking leaderboard" });
  await table.waitFor();
  return rankedNames(table);
}

async function overallBoard(page: Page): Promise<string[]> {
  await page.goto(`${baseUrl}/leaderboard`);
  const table = page.getByRole("table", { name: "Overall leaderboard" });
  await table.waitFor();
  return rankedNames(table);
}

/** The audit log page filtered on `action`: the target ids of its rows. */
async function auditTargets(action: string): Promise<string[]> {
  await admin.goto(`${baseUrl}/admin/audit`);
  await admin.getByRole("combobox", { name: "Action" }).selectOption(action);
  const table = admin.getByRole("table", { name: "Audit log" });
  const rows = table
    .locator("tbody tr")
    .filter({ has: admin.locator("code", { hasText: action }) });
  await rows.first().waitFor();
  // Debounced filter: wait until every row shown is of this action.
  await expect
    .poll(async () => (await table.locator("tbody tr").count()) === (await rows.count()))
    .toBe(true);
  // The target is shown by name; its id is the element's title (issue 33).
  const targets = rows.locator("td:nth-child(4) [title]");
  return Promise.all(
    (await targets.all()).map(async (target) => (await target.getAttribute("title")) ?? ""),
  );
}

async function pythonSubmit(apiKey: string, team: string, csv: string) {
  const script = [
    "import json, sys",
    "from tandem_bench import APIError, BenchmarkClient",
    "client = BenchmarkClient(api_key=sys.argv[1], team_name=sys.argv[2], base_url=sys.argv[3], verbose=False)",
    "try:",
    "    client.submit('Retail Banking', 1, sys.argv[4])",
    "    print(json.dumps({'raised': None}))",
    "except APIError as error:",
    "    print(json.dumps({'raised': type(error).__name__, 'is_api_error': isinstance(error, APIError), 'code': error.code, 'status': error.status_code, 'pause_message': getattr(error, 'pause_message', None), 'message': str(error)}))",
  ].join("\n");
  const dir = await mkdtemp(join(tmpdir(), "tandem-e2e-pause-"));
  const file = join(dir, "predictions.csv");
  await writeFile(file, csv);
  const { stdout } = await run(PYTHON, ["-c", script, apiKey, team, baseUrl, file], {
    env: { ...process.env, PYTHONPATH: join(REPO_ROOT, "sdk/python"), HOME: dir },
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

describe("running the competition from the console", () => {
  it("activates three teams at once", async () => {
    await admin.goto(`${baseUrl}/admin/teams`);
    await admin.getByLabel("Search teams").fill("pending");
    for (const name of PENDING) await admin.getByLabel(`Select ${name}`).check();
    await admin.getByRole("button", { name: "Activate selected (3)" }).click();
    await admin.getByText("3 of 3 teams activated").waitFor();
    await shoot(admin, "admin-activated");

    const listed = await call("/admin/teams?query=pending", {
      method: "GET",
      headers: bearer(adminToken),
    });
    const rows = listed.body.teams as { name: string; standing: string }[];
    expect(rows.map((row) => [row.name, row.standing]).sort()).toEqual(
      PENDING.map((name) => [name, "active"]),
    );
  });

  it("disqualifies a team: gone from the leaderboards, and its members see why", async () => {
    expect(await overallBoard(admin)).toContain("bravo");
    await admin.goto(`${baseUrl}/admin/teams/${teams.bravo!.id}`);
    await admin.getByRole("button", { name: "Disqualify", exact: true }).click();
    const dialog = admin.getByRole("dialog", { name: "Disqualify bravo" });
    await dialog.getByLabel("Reason").fill(REASON);
    await dialog.getByRole("button", { name: "Disqualify" }).click();
    await dialog.waitFor({ state: "hidden" });
    await admin.getByRole("button", { name: "Reinstate" }).waitFor();
    await shoot(admin, "admin-disqualified");

    await expect.poll(() => overallBoard(admin)).not.toContain("bravo");
    expect(await overallBoard(admin)).toEqual(expect.arrayContaining(["alpha", "charlie"]));
    expect(await domainBoard(admin)).not.toContain("bravo");

    const member = await signIn(teams.bravo!.owner);
    await member.getByText(`Disqualified: ${REASON}`).waitFor();
    await shoot(member, "dashboard-disqualified");
  });

  it("rescoring a challenge after an answer fix moves the leaderboards", async () => {
    expect(await domainBoard(admin)).toEqual(["alpha", "charlie"]);
    // The fix, as a data reload writes it: every label flipped, under a new version.
    const stored = await storedAnswers();
    const [header, ...rows] = stored.csv.trimEnd().split("\n");
    const flipped = rows.map((row) => {
      const [id, label] = row.split(",");
      return `${id},${label === "1" ? 0 : 1}`;
    });
    await stack.db
      .update(challengeAnswers)
      .set({
        answers: gzipSync(`${[header, ...flipped].join("\n")}\n`),
        version: stored.version + 1,
      })
      .where(eq(challengeAnswers.challengeKey, CHALLENGE));

    await admin.goto(`${baseUrl}/admin/submissions`);
    await admin.getByLabel("Challenge to rescore").selectOption(CHALLENGE);
    await admin.getByRole("button", { name: "Rescore challenge" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Rescore", exact: true }).click();
    // Three submissions (bravo's too: disqualified teams keep their record).
    await admin.getByText("all 3 rescored.", { exact: false }).waitFor();
    await admin.getByText("alpha: #1 → #2").waitFor();
    await admin.getByText("charlie: #2 → #1").waitFor();
    await shoot(admin, "admin-rescored");

    await expect.poll(() => domainBoard(admin)).toEqual(["charlie", "alpha"]);
    expect((await overallBoard(admin))[0]).toBe("charlie");
  });

  it("pausing submissions makes the SDK raise the organizers' message", async () => {
    await admin.goto(`${baseUrl}/admin/settings`);
    await admin.getByRole("switch", { name: "Pause submissions" }).check();
    await admin.getByLabel("Pause message").fill(PAUSE_MESSAGE);
    await admin.getByRole("button", { name: "Save settings" }).click();
    await admin.getByText("Settings saved").waitFor();
    // The toast sits clear of the header and its buttons (issue 33), at both widths.
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const toast = await admin.locator(".mantine-Notification-root").first().boundingBox();
      const header = await admin.getByRole("banner").boundingBox();
      expect(toast && header, `toast and header at ${width} px`).toBeTruthy();
      expect(toast!.y, `toast below the header at ${width} px`).toBeGreaterThanOrEqual(
        header!.y + header!.height,
      );
    }
    await admin.setViewportSize({ width: 1280, height: 800 });
    await shoot(admin, "admin-settings-paused");

    // The settings are cached for a second in each gateway.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const answers = await storedAnswers();
    const raised = await pythonSubmit(teams.alpha!.apiKey, "alpha", answers.csv);
    // A named error (issue 33), still an APIError for code written before it.
    expect(raised).toEqual({
      raised: "SubmissionsPausedError",
      is_api_error: true,
      code: "submission.paused",
      status: 503,
      pause_message: PAUSE_MESSAGE,
      message: expect.stringContaining(PAUSE_MESSAGE),
    });
    // Participants see it on the site too.
    const member = await signIn(teams.charlie!.owner);
    await member.getByText(PAUSE_MESSAGE).first().waitFor();

    await admin.getByRole("switch", { name: "Pause submissions" }).uncheck();
    await admin.getByRole("button", { name: "Save settings" }).click();
    await admin.getByText("Settings saved").first().waitFor();
  });

  it("exports the standings as a CSV that Python's csv module reads with the expected rows", async () => {
    await admin.goto(`${baseUrl}/admin`);
    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("button", { name: "standings.csv" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("standings.csv");
    const dir = await mkdtemp(join(tmpdir(), "tandem-e2e-export-"));
    const file = join(dir, "standings.csv");
    await download.saveAs(file);
    const script = [
      "import csv, json, sys",
      "with open(sys.argv[1], newline='', encoding='utf-8') as f:",
      "    reader = csv.DictReader(f)",
      "    print(json.dumps({'header': reader.fieldnames, 'rows': list(reader)}))",
    ].join("\n");
    const { stdout } = await run(PYTHON, ["-c", script, file]);
    const read = JSON.parse(stdout) as { header: string[]; rows: Record<string, string>[] };
    expect(read.header).toEqual([
      "scope",
      "rank",
      "team_id",
      "team_name",
      "score",
      "prize_position",
      "beats_baseline",
    ]);
    const rows = read.rows.map((row) => [row.scope, row.rank, row.team_name, row.prize_position]);
    // Overall: the two teams with results win the first two prizes; the three just activated,
    // with no submission, are left out as on the leaderboard (issue 33); bravo, disqualified, too.
    expect(rows.filter(([scope]) => scope === "overall")).toEqual([
      ["overall", "1", "charlie", "1"],
      ["overall", "2", "alpha", "2"],
    ]);
    expect(
      rows.filter(([scope]) => scope === "retail-banking").map(([, rank, name]) => [rank, name]),
    ).toEqual(
      expect.arrayContaining([
        ["1", "charlie"],
        ["2", "alpha"],
      ]),
    );
    expect(rows.filter(([, , name]) => PENDING.includes(name!))).toEqual([]);
    expect(rows.map(([, , name]) => name)).not.toContain("bravo");
  });

  it("shows each of these actions in the audit log", async () => {
    const pendingIds = await Promise.all(PENDING.map(teamIdOf));
    // The scene's own teams were activated through POST /api/competition/start, audited too.
    const sceneIds = ["alpha", "bravo", "charlie"].map((name) => teams[name]!.id);
    expect((await auditTargets("team.activate")).sort()).toEqual(
      [...pendingIds, ...sceneIds].sort(),
    );
    expect(await auditTargets("team.disqualify")).toEqual([teams.bravo!.id]);
    expect(await auditTargets("challenge.rescore")).toEqual([CHALLENGE]);
    // Paused, then resumed.
    expect(await auditTargets("settings.update")).toHaveLength(2);
    expect(await auditTargets("export.download")).toEqual(["standings.csv"]);
    await shoot(admin, "admin-audit-actions");
  });
});
