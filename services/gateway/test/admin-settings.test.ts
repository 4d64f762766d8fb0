import {
  auditLog,
  competitionSettings,
  loadRankingInputs,
  submissions,
  teams,
  users,
} from "@tandem/db";
import { createCompetitionSource } from "@tandem/jobs";
import { parseCsvRows } from "@tandem/scoring";
import { and, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSettingsService } from "../src/modules/settings/settings.service";
import { activeTeam, adminAuth, buildTestApp, newMember, type TestApp } from "./helper";

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ SUBMISSIONS_PER_DAY: "5" });
  admin = await adminAuth(t.app);
});
afterAll(async () => {
  await t?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const db = () => t.database.handle.db;

const patch = (payload: object, headers = admin) =>
  inject({ method: "PATCH", url: "/api/admin/settings", headers, payload });

// Settings are the deployment's: each test leaves them as the config has them.
afterEach(async () => {
  const reset = await patch({
    submissions_paused: false,
    pause_message: null,
    daily_limit: null,
    opens_at: null,
    closes_at: null,
    final_picks: null,
  });
  expect(reset.statusCode).toBe(200);
});

/** A valid file for Retail Banking challenge 1 whose labels vary with `variant`. */
async function predictions(variant: number): Promise<string> {
  const ids = parseCsvRows(
    (await inject({ url: "/static/retail-banking/sample_submission_c1.csv" })).body,
  )
    .slice(1)
    .map((row) => row[0]!);
  return `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${i % (variant + 2) === 0 ? 1 : 0}`).join("\n")}\n`;
}

/** As the SDK sends it: the team's API key, JSON with the file as text. */
const submit = async (key: string, variant: number) =>
  inject({
    method: "POST",
    url: "/api/submit",
    headers: { "x-api-key": key },
    payload: {
      domain_name: "Retail Banking",
      task_number: 1,
      predictions_csv: await predictions(variant),
    },
  });

const storedFor = (teamId: string) =>
  db().select().from(submissions).where(eq(submissions.teamId, teamId));

/** A close a week away: later than the configured one, so moving to it is allowed. */
const CLOSES_LATER = new Date(Date.now() + 7 * 86_400_000)
  .toISOString()
  .replace(/\.\d+Z$/, ".000Z");

describe("organizers' settings", () => {
  it("are for admins only: 401 without a session, 403 for a participant, 401 once disabled", async () => {
    expect((await inject({ url: "/api/admin/settings" })).statusCode).toBe(401);
    expect((await patch({ daily_limit: 3 }, {})).statusCode).toBe(401);
    const member = await newMember(t.app, "settings-nonadmin");
    const read = await inject({ url: "/api/admin/settings", headers: member.auth });
    expect([read.statusCode, read.json().code]).toEqual([403, "auth.admin_required"]);
    expect((await patch({ daily_limit: 3 }, member.auth)).statusCode).toBe(403);
    // An organizer whose account is disabled is signed out of everything.
    const organizer = await newMember(t.app, "settings-disabled");
    await db().update(users).set({ adminAccess: true }).where(eq(users.id, organizer.userId));
    expect((await inject({ url: "/api/admin/settings", headers: organizer.auth })).statusCode).toBe(
      200,
    );
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, organizer.userId));
    expect((await inject({ url: "/api/admin/settings", headers: organizer.auth })).statusCode).toBe(
      401,
    );
    expect((await patch({ daily_limit: 3 }, organizer.auth)).statusCode).toBe(401);
    expect(
      await db().select().from(auditLog).where(eq(auditLog.action, "settings.update")),
    ).toHaveLength(0);
  });

  it("answer the config's values until overridden, and say which are", async () => {
    const response = await inject({ url: "/api/admin/settings", headers: admin });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      submissions_paused: false,
      pause_message: null,
      daily_limit: 5,
      final_picks: null,
      overridden: { daily_limit: false, opens_at: false, closes_at: false, final_picks: false },
      defaults: { daily_limit: 5, final_picks: 2 },
    });
    expect(body.opens_at).toBe(body.defaults.opens_at);
    expect(body.closes_at).toBe(body.defaults.closes_at);

    const changed = await patch({ daily_limit: 7, final_picks: 3 });
    expect(changed.json()).toMatchObject({
      daily_limit: 7,
      final_picks: 3,
      overridden: { daily_limit: true, final_picks: true, opens_at: false },
    });
  });

  it("refuse bad values with a code and write nothing", async () => {
    const before = (await inject({ url: "/api/admin/settings", headers: admin })).json();
    const audited = async () =>
      (await db().select().from(auditLog).where(eq(auditLog.action, "settings.update"))).length;
    const entries = await audited();
    const opensAt = before.opens_at as string;
    const cases: [object, string][] = [
      [{ daily_limit: 0 }, "request.invalid"],
      [{ daily_limit: 10_001 }, "request.invalid"],
      [{ daily_limit: 2.5 }, "request.invalid"],
      [{ final_picks: 21 }, "request.invalid"],
      [{ final_picks: 0 }, "request.invalid"],
      [{ pause_message: "x".repeat(501) }, "request.invalid"],
      [{ submissions_paused: "yes" }, "request.invalid"],
      [{ opens_at: "tomorrow" }, "request.invalid"],
      [{ daily_limit: 4, unknown_setting: true }, "request.invalid"],
      // Closing before it opens, whether both are sent or one meets the config's other.
      [
        { opens_at: "2030-01-02T00:00:00Z", closes_at: "2030-01-01T00:00:00Z" },
        "settings.window_invalid",
      ],
      [{ daily_limit: 4, closes_at: opensAt }, "settings.window_invalid"],
    ];
    for (const [payload, code] of cases) {
      const response = await patch(payload);
      expect([response.statusCode, response.json().code], JSON.stringify(payload)).toEqual([
        400,
        code,
      ]);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect((await inject({ url: "/api/admin/settings", headers: admin })).json()).toEqual(before);
    expect(await audited()).toBe(entries);
  });

  it("audit each change with the changed fields before and after, by whom", async () => {
    await patch({ closes_at: null });
    await patch({ daily_limit: 9, submissions_paused: false });
    await patch({ daily_limit: 9 }); // no change: no entry
    await patch({ closes_at: CLOSES_LATER, daily_limit: null });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.update"))
      .orderBy(auditLog.createdAt);
    const mine = entries.slice(-2);
    expect(mine.map((e) => [e.before, e.after])).toEqual([
      [{ daily_limit: null }, { daily_limit: 9 }],
      [
        { daily_limit: 9, closes_at: null },
        { daily_limit: null, closes_at: CLOSES_LATER },
      ],
    ]);
    expect(mine[0]).toMatchObject({
      actorEmail: "admin@example.org",
      targetType: "settings",
      targetId: "1",
    });
  });
});

describe("settings in force without a restart", () => {
  it("pausing refuses SDK submissions with the message, storing nothing; unpausing accepts again", async () => {
    const team = await activeTeam(t.app, "settings-paused");
    const paused = await patch({
      submissions_paused: true,
      pause_message: "Answers are being fixed; back at 14:00 UTC.",
    });
    expect(paused.json().submissions_paused).toBe(true);

    const refused = await submit(team.api_key, 0);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: "Answers are being fixed; back at 14:00 UTC.",
      code: "submission.paused",
    });
    expect(await storedFor(team.id)).toHaveLength(0);
    const config = (await inject({ url: "/api/config/public" })).json();
    expect(config).toMatchObject({
      submissions_paused: true,
      pause_message: "Answers are being fixed; back at 14:00 UTC.",
    });
    // What a client asks before an upload says the same (issue 33).
    const pausedSummary = async () =>
      (
        await inject({ url: "/api/submissions/summary", headers: { "x-api-key": team.api_key } })
      ).json();
    expect(await pausedSummary()).toMatchObject({
      submissions_paused: true,
      pause_message: "Answers are being fixed; back at 14:00 UTC.",
    });

    await patch({ pause_message: null });
    const plain = await submit(team.api_key, 0);
    expect(plain.statusCode).toBe(503);
    expect(plain.json().error).toMatch(/paused/);

    await patch({ submissions_paused: false });
    const accepted = await submit(team.api_key, 0);
    expect([200, 202]).toContain(accepted.statusCode);
    expect(await storedFor(team.id)).toHaveLength(1);
    expect((await inject({ url: "/api/config/public" })).json().submissions_paused).toBe(false);
    expect(await pausedSummary()).toMatchObject({ submissions_paused: false, pause_message: null });
  });

  it("the daily limit follows the settings, and a team's own limit wins", async () => {
    const team = await activeTeam(t.app, "settings-limited");
    await patch({ daily_limit: 1 });
    expect((await submit(team.api_key, 0)).statusCode).toBe(200);
    const limited = await submit(team.api_key, 1);
    expect([limited.statusCode, limited.json().code]).toEqual([429, "submission.daily_limit"]);
    expect(limited.json().error).toContain("Daily limit reached: 1 submissions per day");
    const summary = async () => {
      const { challenges } = (
        await inject({ url: "/api/submissions/summary", headers: { "x-api-key": team.api_key } })
      ).json();
      const fraud = challenges.find(
        (c: { challenge_key: string }) => c.challenge_key === "retail-banking/1",
      );
      return [fraud.daily_limit, fraud.remaining_today, fraud.used_today];
    };
    expect(await summary()).toEqual([1, 0, 1]);

    await db().update(teams).set({ dailyLimit: 2 }).where(eq(teams.id, team.id));
    expect(await summary()).toEqual([2, 1, 1]);
    expect((await submit(team.api_key, 2)).statusCode).toBe(200);
    expect((await submit(team.api_key, 3)).statusCode).toBe(429);
  });

  it("moving the close makes later submissions practice; a close that passed cannot move (issue 29)", async () => {
    const team = await activeTeam(t.app, "settings-window");
    expect((await submit(team.api_key, 1)).json().counted).toBe(true);
    const intoThePast = await patch({ closes_at: new Date(Date.now() - 60_000).toISOString() });
    expect([intoThePast.statusCode, intoThePast.json().code]).toEqual([
      409,
      "competition.date_passed",
    ]);
    const closesAt = new Date(Date.now() + 1500).toISOString();
    expect((await patch({ closes_at: closesAt })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const late = await submit(team.api_key, 0);
    expect(late.json().counted).toBe(false);
    expect((await inject({ url: "/api/config/public" })).json().competition).toMatchObject({
      closes_at: closesAt,
    });
    // Final selection closes with the window as set.
    const mark = await inject({
      method: "POST",
      url: `/api/submissions/${late.json().submission_id}/final`,
      headers: { "x-api-key": team.api_key },
    });
    expect([mark.statusCode, mark.json().code]).toEqual([409, "submission.selection_closed"]);
    // Back to the configured (later) close: the close has passed, so it stays.
    const reopen = await patch({ closes_at: null });
    expect([reopen.statusCode, reopen.json().code]).toEqual([409, "competition.date_passed"]);

    // The tests below need an open window: restored in the database, as a new deployment.
    await db().update(competitionSettings).set({ opensAt: null, closesAt: null });
    t.competition.invalidate();
    expect((await submit(team.api_key, 1)).json().counted).toBe(true);
  });

  it("final_picks sets how many submissions each team may mark final, and the rankings' count", async () => {
    const team = await activeTeam(t.app, "settings-picks");
    const ids: string[] = [];
    for (const variant of [0, 1, 2]) {
      const response = await submit(team.api_key, variant);
      expect(response.json().status).toBe("scored");
      ids.push(response.json().submission_id);
    }
    const mark = (id: string) =>
      inject({
        method: "POST",
        url: `/api/submissions/${id}/final`,
        headers: { "x-api-key": team.api_key },
      });
    await patch({ final_picks: 1 });
    expect((await loadRankingInputs(db())).finalPicks).toBe(1);
    expect((await mark(ids[0]!)).statusCode).toBe(200);
    const refused = await mark(ids[1]!);
    expect([refused.statusCode, refused.json().code]).toEqual([409, "submission.final_limit"]);
    expect(refused.json().details.limit).toBe(1);

    await patch({ final_picks: 3 });
    expect((await mark(ids[1]!)).statusCode).toBe(200);
    expect((await mark(ids[2]!)).statusCode).toBe(200);
    await patch({ final_picks: null });
    expect((await loadRankingInputs(db())).finalPicks).toBeNull();
  });

  it("a change made by another gateway is in force here within the cache's lifetime", async () => {
    let clock = 0;
    const service = () =>
      createSettingsService({
        db: db(),
        competition: createCompetitionSource({ db: db(), now: () => clock }),
        defaults: { dailyLimit: 5 },
        isRevealed: async () => false,
        now: () => clock,
      });
    const here = service();
    const there = service();
    expect((await here.current()).submissionsPaused).toBe(false);
    const [actor] = await db()
      .select()
      .from(users)
      .where(and(eq(users.email, "admin@example.org")));
    await there.update(actor!, { submissions_paused: true });
    // The other process changed it at once; here the cached value stands for up to a second.
    expect((await there.current()).submissionsPaused).toBe(true);
    clock = 500;
    expect((await here.current()).submissionsPaused).toBe(false);
    clock = 1000;
    expect((await here.current()).submissionsPaused).toBe(true);
  });
});
