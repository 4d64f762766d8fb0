import {
  type AdminTeamFlag,
  type AdminTeamRow,
  IDENTICAL_PREDICTIONS_MAX_TEAMS,
  TEAMS_EXPORT_COLUMNS,
} from "@tandem/contracts";
import { challengeBaselines, submissions, users } from "@tandem/db";
import { parseCsvRows } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/lib/passwords";
import { activeTeam, adminAuth, buildTestApp, createTeam, signUp, type TestApp } from "./helper";

/**
 * The organizers' flags (issue 30): likely duplicate participants and teams that sent the same
 * predictions, in the teams view and the teams export, with their evidence.
 */
let t: TestApp;
let admin: { authorization: string };
const teams: Record<string, { id: string; api_key: string }> = {};
let fraudIds: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAuth(t.app);
  for (const name of ["copy-a", "copy-b", "honest-c", "crowd-d", "crowd-e", "base-f", "base-g"])
    teams[name] = await activeTeam(t.app, name);
  fraudIds = parseCsvRows(
    (await t.app.inject({ url: "/static/retail-banking/sample_submission_c1.csv" })).body,
  )
    .slice(1)
    .map((row) => row[0]!);
});
afterAll(async () => {
  await t?.close();
});

const submit = async (team: string, domain: string, task: number, csv: string) => {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/submit",
    headers: { "x-api-key": teams[team]!.api_key },
    payload: { domain_name: domain, task_number: task, predictions_csv: csv },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().submission_id as string;
};

const label = (i: number) => (i % 3 === 0 ? 1 : 0);

async function rowsOf(query = ""): Promise<AdminTeamRow[]> {
  const response = await t.app.inject({
    url: `/api/admin/teams?limit=200${query}`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().teams;
}
const flagsOf = async (name: string, query = "") =>
  (await rowsOf(query)).find((row) => row.name === name)?.flags;

describe("teams that sent the same predictions", () => {
  let first: string;
  let second: string;

  it("are flagged on both sides with the evidence, however the files were formatted", async () => {
    first = await submit(
      "copy-a",
      "Retail Banking",
      1,
      `TxnID,FraudLabel\n${fraudIds.map((id, i) => `${id},${label(i)}`).join("\n")}\n`,
    );
    // The same labels: rows reversed, CRLF, quoted ids, "1.0" and "False" for the labels.
    second = await submit(
      "copy-b",
      "Retail Banking",
      1,
      `TxnID,FraudLabel\r\n${fraudIds
        .map((id, i) => `"${id}",${label(i) === 1 ? "1.0" : "False"}`)
        .reverse()
        .join("\r\n")}`,
    );
    const a = await flagsOf("copy-a");
    const b = await flagsOf("copy-b");
    const [row] = await t.database.handle.db
      .select({ createdAt: submissions.createdAt })
      .from(submissions)
      .where(eq(submissions.id, first));
    expect(a).toEqual([
      {
        kind: "identical_predictions",
        challenge_key: "retail-banking/1",
        teams_sharing: 2,
        scores_as_baseline: false,
        submissions: [{ id: first, created_at: row!.createdAt.toISOString() }],
        others: [
          {
            team_id: teams["copy-b"]!.id,
            team_name: "copy-b",
            submission_id: second,
            created_at: expect.any(String),
          },
        ],
      },
    ]);
    expect(b).toMatchObject([
      {
        kind: "identical_predictions",
        challenge_key: "retail-banking/1",
        submissions: [{ id: second }],
        others: [{ team_id: teams["copy-a"]!.id, team_name: "copy-a", submission_id: first }],
      },
    ]);
  });

  it("leaves a team with different predictions unflagged", async () => {
    await submit(
      "honest-c",
      "Retail Banking",
      1,
      `TxnID,FraudLabel\n${fraudIds.map((id, i) => `${id},${1 - label(i)}`).join("\n")}\n`,
    );
    expect(await flagsOf("honest-c")).toEqual([]);
  });

  it(`does not flag a file more than ${IDENTICAL_PREDICTIONS_MAX_TEAMS} teams sent (the sample, the baseline's output)`, async () => {
    const sample = (await t.app.inject({ url: "/static/food/sample_submission_c1.csv" })).body;
    for (const team of ["honest-c", "crowd-d", "crowd-e", "base-f"])
      await submit(team, "Food Production", 1, sample);
    for (const team of ["honest-c", "crowd-d", "crowd-e", "base-f"])
      expect(await flagsOf(team), team).toEqual([]);
  });

  it("says when a flagged file scores exactly as the challenge's baseline", async () => {
    const csv = `TxnID,FraudLabel\n${fraudIds.map((id, i) => `${id},${i % 2}`).join("\n")}\n`;
    const id = await submit("base-f", "Retail Banking", 1, csv);
    const [scored] = await t.database.handle.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, id));
    // As if the shipped notebook had made this very file.
    const baseline = {
      source: "notebook" as const,
      predictions: Buffer.from(csv),
      metricValue: scored!.metricValue!,
      privateMetricValue: scored!.privateMetricValue,
      answersVersion: scored!.answersVersion!,
    };
    await t.database.handle.db
      .insert(challengeBaselines)
      .values({ challengeKey: "retail-banking/1", ...baseline })
      .onConflictDoUpdate({ target: challengeBaselines.challengeKey, set: baseline });
    await submit("base-g", "Retail Banking", 1, csv);
    expect(await flagsOf("base-g")).toMatchObject([
      { kind: "identical_predictions", teams_sharing: 2, scores_as_baseline: true },
    ]);
  });
});

describe("likely duplicate participants", () => {
  it("flags both teams of accounts made before the rule for one mailbox, with both addresses", async () => {
    const owner = await signUp(t.app, "lena.smith@gmail.com");
    await createTeam(t.app, owner, "lena-first");
    // An account made before sign-up compared normalised addresses: it has no key.
    const [legacy] = await t.database.handle.db
      .insert(users)
      .values({
        email: "LenaSmith+team2@googlemail.com",
        username: "Lena again",
        passwordHash: await hashPassword("legacy-password"),
      })
      .returning();
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login-verification",
      payload: { email: legacy!.email, password: "legacy-password", rememberMe: false },
    });
    await createTeam(
      t.app,
      { auth: { authorization: `Bearer ${login.json().token}` } },
      "lena-second",
    );

    const flag = (await flagsOf("lena-first")) as AdminTeamFlag[];
    expect(flag).toEqual([
      {
        kind: "duplicate_participant",
        email_key: "lenasmith@gmail.com",
        accounts: [
          {
            user_id: owner.userId,
            username: "Grace Hopper",
            email: "lena.smith@gmail.com",
            signed_up_at: expect.any(String),
            team: { id: expect.any(String), name: "lena-first" },
          },
          {
            user_id: legacy!.id,
            username: "Lena again",
            email: "LenaSmith+team2@googlemail.com",
            signed_up_at: legacy!.createdAt.toISOString(),
            team: { id: expect.any(String), name: "lena-second" },
          },
        ],
      },
    ]);
    expect(await flagsOf("lena-second")).toEqual(flag);
    // The team's own page and the list's "flagged only" filter show the same.
    const second = (await rowsOf()).find((row) => row.name === "lena-second")!;
    const detail = await t.app.inject({ url: `/api/admin/teams/${second.id}`, headers: admin });
    expect(detail.json().flags).toEqual(flag);
  });

  it("the flagged filter lists exactly the flagged teams", async () => {
    const flagged = (await rowsOf("&flagged=true")).map((row) => row.name).sort();
    expect(flagged).toEqual(["base-f", "base-g", "copy-a", "copy-b", "lena-first", "lena-second"]);
  });
});

describe("the teams export", () => {
  it("carries each team's flags in words, and nothing for the others", async () => {
    const response = await t.app.inject({ url: "/api/admin/exports/teams.csv", headers: admin });
    expect(response.statusCode).toBe(200);
    const { meta, data } = Papa.parse<Record<string, string>>(response.body, {
      header: true,
      skipEmptyLines: true,
    });
    expect(meta.fields).toEqual([...TEAMS_EXPORT_COLUMNS]);
    expect(meta.fields?.at(-1)).toBe("flags");
    const flagsOfTeam = (name: string) => data.find((row) => row.team_name === name)?.flags;
    expect(flagsOfTeam("honest-c")).toBe("");
    expect(flagsOfTeam("copy-a")).toMatch(
      /^Identical predictions on retail-banking\/1 with team copy-b \(submission [0-9a-f-]{36}, \d{4}-.*Z\); this team's: [0-9a-f-]{36}, \d{4}-.*Z$/,
    );
    expect(flagsOfTeam("base-g")).toMatch(/; scores exactly as the baseline$/);
    expect(flagsOfTeam("lena-second")).toMatch(
      /^Likely the same person: lena\.smith@gmail\.com \(team lena-first, signed up .*\) and LenaSmith\+team2@googlemail\.com \(team lena-second, signed up .*\)$/,
    );
  });
});
