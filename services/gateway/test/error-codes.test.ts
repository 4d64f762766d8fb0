import { ERROR_CODES, type ErrorCode, errorEnvelopeSchema } from "@tandem/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT_BYTES } from "../src/app";
import { activeTeam, buildTestApp, createTeam, signUp, type TestApp } from "./helper";

/** Issue 16: every error answer carries a stable `code` from contracts, next to its text. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

interface Case {
  name: string;
  status: number;
  code: ErrorCode;
  send: () => Promise<{ statusCode: number; json: () => unknown; body: string }>;
}

const json = { "content-type": "application/json" };

describe("error codes", () => {
  it("every kind of error answers { error, code } with the code for what went wrong", async () => {
    const { auth } = await signUp(t.app, "codes-user@example.org");
    const owner = await signUp(t.app, "codes-owner@example.org");
    const team = await createTeam(t.app, owner, "codes-team");
    const active = await activeTeam(t.app, "codes-active");
    const inject = t.app.inject.bind(t.app);
    const cases: Case[] = [
      {
        name: "schema validation",
        status: 400,
        code: "request.invalid",
        send: () => inject({ method: "POST", url: "/api/login-verification", payload: {} }),
      },
      {
        name: "broken JSON",
        status: 400,
        code: "request.invalid_json",
        send: () =>
          inject({ method: "POST", url: "/api/login-verification", headers: json, payload: "{" }),
      },
      {
        name: "wrong content type",
        status: 415,
        code: "request.unsupported_media_type",
        send: () =>
          inject({
            method: "POST",
            url: "/api/login-verification",
            headers: { "content-type": "text/csv" },
            payload: "a,b",
          }),
      },
      {
        name: "body over the limit",
        status: 413,
        code: "request.too_large",
        send: () =>
          inject({
            method: "POST",
            url: "/api/login-verification",
            headers: json,
            payload: JSON.stringify({ email: "x".repeat(DEFAULT_BODY_LIMIT_BYTES + 1) }),
          }),
      },
      {
        name: "undecodable URL",
        status: 400,
        code: "request.bad_url",
        send: () => inject({ method: "GET", url: "/api/leaderboard/domain/%E0%A4%A" }),
      },
      {
        name: "unknown API route",
        status: 404,
        code: "request.route_not_found",
        send: () => inject({ method: "GET", url: "/api/no-such-thing" }),
      },
      {
        name: "a NUL character",
        status: 400,
        code: "request.value_refused",
        send: () =>
          inject({
            method: "POST",
            url: "/api/save-user-signup",
            payload: {
              firstName: "Nul\u0000",
              lastName: "Character",
              email: "codes-nul@example.org",
              password: "secret-pass",
              isStudent: true,
              position: "Mathematics",
              area: "Healthcare",
              gradYear: new Date().getFullYear() + 1,
              eligible: true,
            },
          }),
      },
      {
        name: "no session",
        status: 401,
        code: "auth.required",
        send: () => inject({ method: "GET", url: "/api/teams" }),
      },
      {
        name: "not an organizer",
        status: 403,
        code: "auth.admin_required",
        send: () => inject({ method: "GET", url: "/api/leaderboard", headers: auth }),
      },
      {
        name: "wrong password",
        status: 401,
        code: "auth.login_invalid",
        send: () =>
          inject({
            method: "POST",
            url: "/api/login-verification",
            payload: { email: "codes-user@example.org", password: "not-the-password" },
          }),
      },
      {
        name: "e-mail taken",
        status: 409,
        code: "auth.email_taken",
        send: () =>
          inject({
            method: "POST",
            url: "/api/save-user-signup",
            payload: {
              firstName: "Ada",
              lastName: "Lovelace",
              email: "codes-user@example.org",
              password: "another-pass",
              isStudent: true,
              position: "Mathematics",
              area: "Healthcare",
              gradYear: new Date().getFullYear() + 1,
              eligible: true,
            },
          }),
      },
      {
        name: "bad API key",
        status: 401,
        code: "auth.api_key_invalid",
        send: () =>
          inject({ method: "GET", url: "/api/auth/verify", headers: { "x-api-key": "nope" } }),
      },
      {
        name: "team name taken",
        status: 409,
        code: "team.name_taken",
        send: () =>
          inject({
            method: "POST",
            url: "/api/teams/create",
            headers: auth,
            payload: { team_name: "codes-team" },
          }),
      },
      {
        name: "unknown invite code",
        status: 404,
        code: "team.invite_invalid",
        send: () =>
          inject({
            method: "POST",
            url: "/api/teams/join",
            headers: auth,
            payload: { team_id: "NO-SUCH-CODE" },
          }),
      },
      {
        name: "already in a team",
        status: 409,
        code: "team.already_member",
        send: () =>
          inject({
            method: "POST",
            url: "/api/teams/join",
            headers: owner.auth,
            payload: { team_id: team.invite_code },
          }),
      },
      {
        name: "inactive team submits",
        status: 403,
        code: "team.inactive",
        send: () =>
          inject({
            method: "POST",
            url: "/api/submit",
            headers: { "x-api-key": team.api_key },
            payload: { domain_name: "healthcare", task_number: 1, predictions_csv: "a\n1\n" },
          }),
      },
      {
        name: "unknown challenge",
        status: 404,
        code: "competition.unknown_domain",
        send: () =>
          inject({
            method: "POST",
            url: "/api/submit",
            headers: { "x-api-key": active.api_key },
            payload: { domain_name: "Astronomy", task_number: 1, predictions_csv: "a\n1\n" },
          }),
      },
      {
        name: "a file that fails validation",
        status: 400,
        code: "submission.invalid",
        send: () =>
          inject({
            method: "POST",
            url: "/api/submit",
            headers: { "x-api-key": active.api_key },
            payload: { domain_name: "healthcare", task_number: 1, predictions_csv: "a\n1\n" },
          }),
      },
      {
        name: "someone else's submission",
        status: 404,
        code: "submission.not_found",
        send: () =>
          inject({
            method: "GET",
            url: "/api/submissions/00000000-0000-4000-8000-000000000000",
            headers: { "x-api-key": active.api_key },
          }),
      },
    ];
    for (const c of cases) {
      const response = await c.send();
      expect(response.statusCode, c.name).toBe(c.status);
      const body = errorEnvelopeSchema.parse(response.json());
      expect(body.code, c.name).toBe(c.code);
      expect(body.error.length, c.name).toBeGreaterThan(0);
    }
  });

  it("the API document lists every code with its meaning", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      info: { description: string };
    };
    for (const [code, meaning] of Object.entries(ERROR_CODES)) {
      expect(doc.info.description).toContain(`| \`${code}\` | ${meaning} |`);
    }
  });
});
