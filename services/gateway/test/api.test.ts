import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { roundTo } from "@tandem/competition";
import { allChallenges } from "@tandem/competition/server";
import {
  type ChallengeFormat,
  domainLeaderboardSchema,
  MESSAGES,
  overallLeaderboardSchema,
} from "@tandem/contracts";
import { challengeAnswers, submissions, teams, users } from "@tandem/db";
import { macroF1, parseCsvRows } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuth, buildTestApp, signUp, type TestApp } from "./helper";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);

async function answersCsv(): Promise<string> {
  return (await storedAnswers()).csv;
}

/** Retail Banking challenge 1's hidden answers and which rows are public (one byte per row). */
async function storedAnswers(): Promise<{ csv: string; publicRows: Uint8Array }> {
  const [row] = await t.database.handle.db
    .select()
    .from(challengeAnswers)
    .where(eq(challengeAnswers.challengeKey, "retail-banking/1"));
  if (!row?.publicRows) throw new Error("The generated answers carry no public/private split");
  return { csv: gunzipSync(row.answers).toString("utf8"), publicRows: row.publicRows };
}

/** An active team with its key, ready to submit. */
async function activeTeam(name: string) {
  const user = await signUp(t.app, `${name}@example.org`);
  const created = await inject({
    method: "POST",
    url: "/api/teams/create",
    headers: user.auth,
    payload: { team_name: name },
  });
  const team = created.json().team as { id: string; api_key: string };
  const started = await inject({
    method: "POST",
    url: "/api/competition/start",
    headers: { ...(await adminAuth(t.app)), "x-team-id": team.id },
  });
  expect(started.statusCode).toBe(200);
  return { ...team, user };
}

describe("health", () => {
  it("answers liveness without I/O, readiness with the database and Redis, and the connectivity check", async () => {
    expect((await inject({ url: "/api/health" })).json()).toEqual({ status: "ok" });
    expect((await inject({ url: "/api/ready" })).json()).toEqual({
      status: "ready",
      checks: { database: "ok", redis: "ok" },
    });
    expect((await inject({ url: "/api/" })).statusCode).toBe(200);
  });
});

describe("accounts", () => {
  it("stores an argon2id hash, never the password", async () => {
    await signUp(t.app, "hash-check@example.org", "plain-text-pw");
    const [user] = await t.database.handle.db
      .select()
      .from(users)
      .where(eq(users.email, "hash-check@example.org"));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain("plain-text-pw");
  });

  it("refuses a second account for the same e-mail in another case", async () => {
    await signUp(t.app, "twice@example.org");
    const again = await inject({
      method: "POST",
      url: "/api/save-user-signup",
      payload: {
        firstName: "Al",
        lastName: "Twice",
        email: "TWICE@example.org",
        password: "secret-pass",
        isStudent: false,
        position: "Analyst",
        area: "Retail",
        eligible: true,
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already exists/);
  });

  it("validates signup with the spec's messages", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/save-user-signup",
      payload: {
        firstName: "A",
        lastName: "B",
        email: "not-an-email",
        password: "123",
        isStudent: true,
        position: "",
        area: "x",
        eligible: false,
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    const errors = response.json().details.validation_errors as string[];
    for (const message of [
      MESSAGES.firstNameMin,
      MESSAGES.lastNameMin,
      MESSAGES.emailInvalid,
      MESSAGES.passwordMin,
      MESSAGES.fieldRequired,
      MESSAGES.gradYearRequired,
      MESSAGES.ineligibilityRequired,
    ]) {
      expect(errors.some((e) => e.endsWith(message))).toBe(true);
    }
  });

  it("grants admin access only with the organizer code checked on the server", async () => {
    const organizer = {
      firstName: "Org",
      lastName: "Anizer",
      password: "secret-pass",
      isStudent: false,
      position: "Faculty",
      area: "All",
      eligible: false,
      ineligibilityType: "organizer",
    };
    const wrong = await inject({
      method: "POST",
      url: "/api/save-user-signup",
      payload: { ...organizer, email: "org1@example.org", adminPassword: "guess" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(MESSAGES.adminPasswordInvalid);
    const right = await inject({
      method: "POST",
      url: "/api/save-user-signup",
      payload: {
        ...organizer,
        email: "org2@example.org",
        adminPassword: "let-me-organize-the-competition",
      },
    });
    expect(right.statusCode).toBe(201);
    expect(right.json().user.admin_access).toBe(true);
  });

  it("logs in with the right password only, and sets a strict httpOnly cookie", async () => {
    await signUp(t.app, "login@example.org", "right-password");
    const bad = await inject({
      method: "POST",
      url: "/api/login-verification",
      payload: { email: "login@example.org", password: "wrong-password" },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: MESSAGES.loginInvalid, code: "auth.login_invalid" });
    const good = await inject({
      method: "POST",
      url: "/api/login-verification",
      payload: { email: "LOGIN@example.org", password: "right-password", rememberMe: true },
    });
    expect(good.statusCode).toBe(200);
    const cookie = good.cookies.find((c) => c.name === "auth_token")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", maxAge: 7 * 86_400 });
    const viaCookie = await inject({
      url: "/api/verify-token",
      cookies: { auth_token: cookie.value },
    });
    expect(viaCookie.json()).toMatchObject({ valid: true, user: { email: "login@example.org" } });
  });

  it("puts userId, status, admin_access and exp in the token", async () => {
    const { token, userId } = await signUp(t.app, "claims@example.org");
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    expect(claims).toMatchObject({ userId, status: "active", admin_access: false });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it("refuses tampered, unsigned and foreign-key tokens", async () => {
    const { token } = await signUp(t.app, "tamper@example.org");
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, admin_access: true })).toString(
      "base64url",
    );
    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    for (const bad of [`${header}.${forged}.${signature}`, `${none}.${forged}.`, "garbage"]) {
      const response = await inject({
        url: "/api/verify-token",
        headers: { authorization: `Bearer ${bad}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().valid).toBe(false);
    }
  });
});

describe("teams and activation", () => {
  it("creates a team with an API key stored only hashed and encrypted", async () => {
    const user = await signUp(t.app, "keys@example.org");
    const response = await inject({
      method: "POST",
      url: "/api/teams/create",
      headers: user.auth,
      payload: { team_name: "key-keepers" },
    });
    expect(response.statusCode).toBe(201);
    const team = response.json().team;
    expect(team).toMatchObject({
      team_name: "key-keepers",
      status: "inactive",
      user_role: "creator",
      member_count: 1,
    });
    expect(team.api_key).toMatch(/^tdm_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.handle.db.select().from(teams).where(eq(teams.id, team.id));
    expect(JSON.stringify(row)).not.toContain(team.api_key);
    const listed = await inject({ url: "/api/teams", headers: user.auth });
    expect(listed.json().teams[0].api_key).toBe(team.api_key);
  });

  it("rejects taken names in any case, bad names, and a second team for the same user", async () => {
    const first = await signUp(t.app, "namer@example.org");
    await inject({
      method: "POST",
      url: "/api/teams/create",
      headers: first.auth,
      payload: { team_name: "taken-name" },
    });
    const second = await signUp(t.app, "namer2@example.org");
    const taken = await inject({
      method: "POST",
      url: "/api/teams/create",
      headers: second.auth,
      payload: { team_name: "taken-name" },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(MESSAGES.teamNameTaken("taken-name"));
    const upper = await inject({
      method: "POST",
      url: "/api/teams/create",
      headers: second.auth,
      payload: { team_name: "Taken-Name" },
    });
    expect(upper.statusCode).toBe(400);
    expect(upper.json().error).toContain(MESSAGES.teamNameCharset);
    const again = await inject({
      method: "POST",
      url: "/api/teams/create",
      headers: first.auth,
      payload: { team_name: "another-one" },
    });
    expect(again.statusCode).toBe(409);
  });

  it("lets only admins activate, and only the team named by the headers", async () => {
    const user = await signUp(t.app, "activate@example.org");
    const created = await inject({
      method: "POST",
      url: "/api/teams/create",
      headers: user.auth,
      payload: { team_name: "to-activate" },
    });
    const team = created.json().team;
    const asMember = await inject({
      method: "POST",
      url: "/api/competition/start",
      headers: {
        ...user.auth,
        "x-team-id": team.id,
        "x-api-key": team.api_key,
        "x-team-name": team.team_name,
      },
    });
    expect(asMember.statusCode).toBe(403);
    const admin = await adminAuth(t.app);
    const wrongKey = await inject({
      method: "POST",
      url: "/api/competition/start",
      headers: { ...admin, "x-team-id": team.id, "x-api-key": "tdm_wrong" },
    });
    expect(wrongKey.statusCode).toBe(403);
    const missing = await inject({ method: "POST", url: "/api/competition/start", headers: admin });
    expect(missing.statusCode).toBe(400);
    const ok = await inject({
      method: "POST",
      url: "/api/competition/start",
      headers: {
        ...admin,
        "x-team-id": team.id,
        "x-api-key": team.api_key,
        "x-team-name": team.team_name,
      },
    });
    expect(ok.json()).toMatchObject({ success: true, status: "active" });
    const firstActivation = ok.json().activated_at;
    const again = await inject({
      method: "POST",
      url: "/api/competition/start",
      headers: { ...admin, "x-team-id": team.id },
    });
    expect(again.json().activated_at).toBe(firstActivation);
  });
});

describe("empty bodies", () => {
  it("accept an empty JSON body on calls that take none (docs/product.md#site-calls)", async () => {
    const user = await signUp(t.app, "empty-body@example.org");
    const created = await inject({
      method: "POST",
      url: "/api/teams/create",
      headers: user.auth,
      payload: { team_name: "empty-body" },
    });
    const response = await inject({
      method: "POST",
      url: "/api/competition/start",
      headers: {
        ...(await adminAuth(t.app)),
        "content-type": "application/json",
        "x-team-id": created.json().team.id,
      },
      payload: "",
    });
    expect(response.statusCode, response.body).toBe(200);
    const needsBody = await inject({
      method: "POST",
      url: "/api/login-verification",
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(needsBody.statusCode).toBe(400);
  });
});

describe("submissions", () => {
  it("scores a valid submission with the worker and matches Macro-F1 on the hidden answers", async () => {
    const team = await activeTeam("scorers");
    const stored = await storedAnswers();
    const answers = parseCsvRows(stored.csv).slice(1);
    // Right on every other row, so the score is neither 0 nor 1.
    const predicted = answers.map(([id, label], i) => [
      id!,
      i % 2 === 0 ? label! : label === "1" ? "0" : "1",
    ]);
    const csv = `TxnID,FraudLabel\n${predicted.map((row) => row.join(",")).join("\n")}\n`;
    const response = await inject({
      method: "POST",
      url: "/api/submit",
      headers: { "x-api-key": team.api_key, "x-team-name": "scorers" },
      payload: { domain_name: "Retail Banking", task_number: 1, predictions_csv: csv },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // The score shown is the public part's (docs/adr/0009-public-private-split.md); the private
    // part's is stored beside it and shown nowhere before the reveal.
    const onPart = (part: 0 | 1) => {
      const rows = answers.flatMap((_, i) => (stored.publicRows[i] === part ? [i] : []));
      expect(rows.length).toBeGreaterThan(0);
      return macroF1(
        rows.map((i) => answers[i]![1]!),
        rows.map((i) => predicted[i]![1]!),
      );
    };
    const expected = onPart(1);
    const expectedPrivate = onPart(0);
    expect(expectedPrivate).not.toBeCloseTo(expected, 6);
    expect(body).toMatchObject({
      success: true,
      metric_name: "Macro-F1",
      validation_passed: true,
      counted: true,
      status: "scored",
      details: {
        expected_format: "TxnID,FraudLabel",
        actual_rows: answers.length,
        expected_rows: answers.length,
      },
    });
    // Shown as the ladder shows a team's first score (docs/adr/0015); stored exact.
    expect(body.score).toBe(roundTo(expected, 2));
    expect(body).toMatchObject({ score_kind: "public", final: false });
    const [scored] = await t.database.handle.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, body.submission_id));
    expect(scored!.metricValue).toBeCloseTo(expected, 12);
    expect(scored!.privateMetricValue).toBeCloseTo(expectedPrivate, 12);
    expect(response.body).not.toContain(String(scored!.privateMetricValue));

    const again = await inject({
      method: "POST",
      url: "/api/submit",
      headers: { "x-api-key": team.api_key },
      payload: { domain_name: "retail-banking", task_number: "1", predictions_csv: csv },
    });
    expect(again.json().submission_id).toBe(body.submission_id);
    const rows = await t.database.handle.db
      .select()
      .from(submissions)
      .where(eq(submissions.teamId, team.id));
    expect(rows).toHaveLength(1);

    const fetched = await inject({
      url: `/api/submissions/${body.submission_id}`,
      headers: { "x-api-key": team.api_key },
    });
    expect(fetched.json().score).toBe(body.score);
    const other = await activeTeam("snoopers");
    const foreign = await inject({
      url: `/api/submissions/${body.submission_id}`,
      headers: { "x-api-key": other.api_key },
    });
    expect(foreign.statusCode).toBe(404);

    const board = await inject({ url: "/api/leaderboard", headers: await adminAuth(t.app) });
    // The body is sent pre-serialized; it must still be exactly what the API document says.
    const row = overallLeaderboardSchema
      .parse(board.json())
      .leaderboard.find((r) => r.team_name === "scorers");
    expect(row).toMatchObject({ rank: 1, valid_submissions_total: 1 });
    expect(row!.total_score).toBeCloseTo(1 / 2 / 6, 12);
  });

  it("uses the Idempotency-Key to answer a retried submission with the first one", async () => {
    const team = await activeTeam("retriers");
    const answers = parseCsvRows(await answersCsv()).slice(1);
    const csv = `TxnID,FraudLabel\n${answers.map(([id]) => `${id},0`).join("\n")}\n`;
    const send = () =>
      inject({
        method: "POST",
        url: "/api/submit",
        headers: { "x-api-key": team.api_key, "idempotency-key": "attempt-1" },
        payload: { domain_name: "RetailBanking", task_number: 1, predictions_csv: csv },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.json().submission_id).toBe(b.json().submission_id);
  });

  it("rejects bad credentials, inactive teams, unknown challenges and malformed files", async () => {
    const badKey = await inject({
      method: "POST",
      url: "/api/submit",
      headers: { "x-api-key": "tdm_nope" },
      payload: { domain_name: "Retail Banking", task_number: 1, predictions_csv: "x" },
    });
    expect(badKey.statusCode).toBe(401);
    expect(badKey.json().error).toBe(MESSAGES.sdkAuthFailed);

    const team = await activeTeam("validators");
    const wrongName = await inject({
      method: "POST",
      url: "/api/auth/verify",
      headers: { "x-api-key": team.api_key, "x-team-name": "someone-else" },
    });
    expect(wrongName.statusCode).toBe(401);
    const verified = await inject({
      method: "POST",
      url: "/api/auth/verify",
      headers: { "x-api-key": team.api_key },
    });
    expect(verified.json()).toMatchObject({
      valid: true,
      team_name: "validators",
      status: "active",
    });

    const unknown = await inject({
      method: "POST",
      url: "/api/submit",
      headers: { "x-api-key": team.api_key },
      payload: { domain_name: "Clinical Triage", task_number: 1, predictions_csv: "a,b\n" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toContain("Retail Banking (challenges 1, 2)");

    const malformed = await inject({
      method: "POST",
      url: "/api/submit",
      headers: { "x-api-key": team.api_key },
      payload: {
        domain_name: "Retail Banking",
        task_number: 1,
        predictions_csv: "TxnID,Label\nT1,1\n",
      },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toMatchObject({
      expected_format: "TxnID,FraudLabel",
      validation_errors: ['Header must be exactly "TxnID,FraudLabel" (got "TxnID,Label")'],
    });

    const user = await signUp(t.app, "inactive@example.org");
    const created = await inject({
      method: "POST",
      url: "/api/teams/create",
      headers: user.auth,
      payload: { team_name: "not-yet-active" },
    });
    const inactive = await inject({
      method: "POST",
      url: "/api/submit",
      headers: { "x-api-key": created.json().team.api_key },
      payload: {
        domain_name: "Retail Banking",
        task_number: 1,
        predictions_csv: "TxnID,FraudLabel\n",
      },
    });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().error).toMatch(/must be activated/);
  });
});

describe("leaderboard access", () => {
  it("needs a session, and admin access", async () => {
    expect((await inject({ url: "/api/leaderboard" })).statusCode).toBe(401);
    const user = await signUp(t.app, "curious@example.org");
    expect((await inject({ url: "/api/leaderboard", headers: user.auth })).statusCode).toBe(403);
    const domain = await inject({
      url: "/api/leaderboard/domain/Retail%20Banking",
      headers: await adminAuth(t.app),
    });
    expect(domain.statusCode).toBe(200);
    const body = domainLeaderboardSchema.parse(domain.json());
    expect(body.challenge_columns.map((c) => c.key)).toEqual([
      "retail-banking/1",
      "retail-banking/2",
    ]);
  });
});

describe("API document", () => {
  // The site's calls (under /api, docs/product.md#site-calls) and the SDK's
  // (docs/architecture.md#http-api).
  const CALLS = [
    "get /api/verify-token",
    "post /api/login-verification",
    "post /api/auth/verify",
    "get /api/auth/verify",
    "post /api/auth/register",
    "post /api/save-user-signup",
    "post /api/forgot-password",
    "post /api/verify-reset-token",
    "post /api/reset-password",
    "get /api/teams",
    "post /api/teams/create",
    "post /api/teams/join",
    "post /api/teams/leave",
    // Issue 15: invite codes, removal and sign-out everywhere.
    "post /api/teams/rotate-invite",
    "post /api/teams/remove-member",
    "post /api/logout-everywhere",
    "post /api/competition/start",
    "post /api/jupyter/generate-token",
    "get /api/leaderboard",
    "get /api/leaderboard/domain/{domain}",
    "get /api/competition/domains",
    "post /api/submit",
    "get /api/submissions/{id}",
    "get /api/submissions/history",
  ];

  it("describes every call of the spec and the SDK, and nothing outside the API", async () => {
    const response = await inject({ url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    expect(document.openapi).toBe("3.1.0");
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(operations).toEqual(expect.arrayContaining(CALLS));
    expect(operations.filter((operation) => !operation.split(" ")[1]!.startsWith("/api/"))).toEqual(
      [],
    );
    expect(operations.some((operation) => operation.includes("/api/docs"))).toBe(false);
    // The leaderboard's documented body comes from the shared schema, not a placeholder.
    const leaderboard = document.paths["/api/leaderboard"]!.get!.responses!["200"];
    expect(JSON.stringify(leaderboard)).toContain("valid_submissions_total");
  });

  it("serves a page to read it", async () => {
    const page = await inject({ url: "/api/docs" });
    const html = page.statusCode === 302 ? await inject({ url: page.headers.location! }) : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers["content-type"]).toMatch(/text\/html/);
  });
});

describe("bad input never gets a 500", () => {
  const routes = [
    "/api/save-user-signup",
    "/api/login-verification",
    "/api/teams/create",
    "/api/submit",
  ];

  it.each(routes)("answers malformed JSON on %s with 400 (or 401 before auth)", async (url) => {
    const user = await signUp(t.app, `json-${url.length}-${Math.random()}@example.org`);
    const team = url === "/api/submit" ? await activeTeam(`json-team-${Date.now()}`) : undefined;
    const response = await inject({
      method: "POST",
      url,
      headers: {
        "content-type": "application/json",
        // /submit takes the team's key; a session there would name the member's own team.
        ...(team ? { "x-api-key": team.api_key } : user.auth),
      },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Request body is not valid JSON");
  });

  it.each(routes)(
    "answers a missing body and wrong types on %s with a 4xx naming the field",
    async (url) => {
      const user = await signUp(t.app, `types-${url.length}-${Math.random()}@example.org`);
      const team = url === "/api/submit" ? await activeTeam(`types-team-${Date.now()}`) : undefined;
      const headers = team ? { "x-api-key": team.api_key } : user.auth;
      const empty = await inject({ method: "POST", url, headers, payload: {} });
      expect(empty.statusCode).toBe(400);
      const wrong = await inject({
        method: "POST",
        url,
        headers,
        payload: {
          email: 42,
          password: [],
          team_name: 7,
          domain_name: {},
          task_number: "one",
          predictions_csv: 3,
        },
      });
      expect(wrong.statusCode).toBe(400);
      // The first problem, as a person can act on it; every problem, by field, in details.
      const body = wrong.json() as { error: string; details: { validation_errors: string[] } };
      expect(body.details.validation_errors[0]).toMatch(/^\w+: /);
      expect(body.details.validation_errors[0]?.endsWith(`: ${body.error}`)).toBe(true);
    },
  );

  it("answers a wrong content type with 415 and an oversized body with 413", async () => {
    const type = await inject({
      method: "POST",
      url: "/api/login-verification",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(type.statusCode).toBe(415);
    const big = await inject({
      method: "POST",
      url: "/api/login-verification",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.c", password: "x".repeat(3 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe("Request body is too large");
  });

  it("rejects a malformed submission id with 400", async () => {
    const team = await activeTeam("id-checkers");
    const response = await inject({
      url: "/api/submissions/not-a-uuid",
      headers: { "x-api-key": team.api_key },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("competition definition", () => {
  it("lists the six domains with names /api/submit accepts and each challenge's format", async () => {
    const response = await inject({ url: "/api/competition/domains" });
    const domains = response.json().domains as {
      name: string;
      challenges: { number: number; submission_format: string; baseline_notebook_url: string }[];
    }[];
    expect(domains.map((d) => d.name)).toEqual([
      "Commerce",
      "Insurance",
      "Retail Banking",
      "Manufacturing",
      "Food Production",
      "Healthcare",
    ]);
    expect(domains.flatMap((d) => d.challenges)).toHaveLength(17);
    const banking = domains.find((d) => d.name === "Retail Banking")!;
    expect(banking.challenges[0]).toMatchObject({
      number: 1,
      submission_format: "TxnID,FraudLabel",
      baseline_notebook_url: "/static/retail-banking/Challenge1_baseline.ipynb",
    });
  });

  it("publishes each challenge's format: its header, id columns and target as the server validates them", async () => {
    const response = await inject({ url: "/api/competition/domains" });
    const challenges = (
      response.json().domains as {
        slug: string;
        challenges: { number: number; submission_format: string; format: ChallengeFormat }[];
      }[]
    ).flatMap((d) => d.challenges.map((c) => ({ ...c, key: `${d.slug}/${c.number}` })));
    expect(challenges.map((c) => c.key)).toEqual(allChallenges().map((c) => c.key));
    for (const c of challenges) {
      const defined = allChallenges().find((d) => d.key === c.key)!;
      const { header, id_columns, target } = c.format;
      expect(header, c.key).toEqual(c.submission_format.split(","));
      expect(header, c.key).toEqual(defined.header);
      expect(id_columns, c.key).toEqual(defined.idColumns);
      expect(header.slice(0, id_columns.length), c.key).toEqual(id_columns);
      expect(target.kind, c.key).toBe(defined.target.kind);
      expect(target.column, c.key).toBe(header[id_columns.length]);
      if (defined.target.kind === "label") {
        expect(target.labels, c.key).toEqual(defined.target.labels);
        expect(target.list_length, c.key).toBeUndefined();
      } else if (defined.target.kind === "ranking") {
        expect(target.labels, c.key).toBeUndefined();
        expect(target.list_length, c.key).toBe(defined.target.k);
        expect(header.length - id_columns.length, c.key).toBe(defined.target.k);
        expect(target.eligible_items, c.key).toEqual(defined.target.eligible);
      } else {
        expect(target.labels, c.key).toBeUndefined();
        expect(target.list_length, c.key).toBeUndefined();
      }
    }
    const insurance = challenges.find((c) => c.key === "insurance/1")!;
    expect(insurance.format.target).toEqual({
      kind: "label",
      column: "ClaimComplexityLabel",
      labels: ["Simple", "Moderate", "Complex"],
    });
  });

  it("serves dataset files with their content types and never the hidden answers", async () => {
    const types = {
      "transactions_test.csv": "text/csv",
      "description.md": "text/markdown",
      "device_sessions_all.json": "application/json",
      "Challenge1_baseline.ipynb": "application/x-ipynb+json",
    };
    for (const [file, type] of Object.entries(types)) {
      const response = await inject({ url: `/static/retail-banking/${file}` });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers["content-type"], file).toContain(type);
    }
    const answers = await answersCsv();
    const frauds = answers.split("\n").filter((line) => line.endsWith(",1"));
    const { readdir, readFile } = await import("node:fs/promises");
    for (const file of await readdir(join(t.staticDir, "retail-banking"))) {
      const content = await readFile(join(t.staticDir, "retail-banking", file), "utf8");
      expect(content, file).not.toBe(answers);
      if (frauds.length > 0)
        expect(
          frauds.every((line) => content.includes(line)),
          file,
        ).toBe(false);
    }
    for (const url of [
      "/static/retail-banking/answers.csv",
      "/api/challenge-answers",
      "/static/",
    ]) {
      expect((await inject({ url })).statusCode, url).toBe(404);
    }
  });
});

describe("web and static files", () => {
  it("serves the SPA for client routes, JSON 404s for unknown API paths, and dataset files", async () => {
    const page = await inject({ url: "/dashboard" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    const api = await inject({ url: "/api/nothing-here" });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toContain("Not found");
    const file = await inject({ url: "/static/retail-banking/transactions_test.csv" });
    expect(file.statusCode).toBe(200);
    expect(file.body.split("\n")[0]).toBe(
      "Timestamp_dt,TxnID,Timestamp,SessionID,CustomerID,SrcAccount,DstAccount,Channel,MCC_Group,Amount",
    );
  });

  it("never serves files outside the static folder", async () => {
    // A sentinel beside the static folder, where path tricks would land.
    await writeFile(join(t.staticDir, "..", "private.txt"), "SENTINEL-NOT-PUBLIC");
    for (const url of [
      "/static/../private.txt",
      "/static/%2e%2e/private.txt",
      "/static/retail-banking/..%2f..%2fprivate.txt",
      "/static/retail-banking/%2e%2e%2f%2e%2e%2fprivate.txt",
      "/static/..%5cprivate.txt",
    ]) {
      const response = await inject({ url });
      expect(response.body, url).not.toContain("SENTINEL");
    }
  });
});
