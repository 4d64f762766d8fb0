import { gzipSync } from "node:zlib";
import { submissions } from "@tandem/db";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shownExactly } from "../../../test/support/shown";
import {
  adminAuth,
  buildTestApp,
  createTeam,
  endMainPhase,
  type Route,
  routesOf,
  signUp,
  type TestApp,
} from "./helper";

/**
 * Issue 17: before the reveal, no participant-facing answer carries a private score. Every route
 * the gateway has (read from its router, so routes added later are walked too) is called as a
 * participant (the team's API key and a member's session both sent), and no body may contain
 * the team's distinctive private score. Organizers' routes (/api/admin/*) are not participant
 * routes; the leaderboards are organizers-only too, but are walked anyway (a participant must
 * get a refusal, even for the private preview).
 */
const PRIVATE = 0.123456789;
const PRIVATE_DIGITS = "123456789";
const PUBLIC = 0.987654321;

let t: TestApp;
let submissionId: string;
let headers: Record<string, string>;
/** A second member, who stays in the team whatever the walk does to the first. */
let keeper: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  const member = await signUp(t.app, "leak-walker@example.org");
  const team = await createTeam(t.app, member, "leak-walkers");
  keeper = (await signUp(t.app, "leak-keeper@example.org")).auth;
  const joined = await t.app.inject({
    method: "POST",
    url: "/api/teams/join",
    headers: keeper,
    payload: { team_id: team.invite_code },
  });
  expect(joined.statusCode).toBe(200);
  await t.app.inject({
    method: "POST",
    url: "/api/competition/start",
    headers: { ...(await adminAuth(t.app)), "x-team-id": team.id },
  });
  headers = { "x-api-key": team.api_key, ...member.auth };
  const insert = async (publicValue: number, final: boolean) => {
    const [row] = await t.database.handle.db
      .insert(submissions)
      .values({
        teamId: team.id,
        challengeKey: "healthcare/1",
        status: "scored",
        predictions: gzipSync("patient_id,label\n"),
        payloadHash: `leak-${publicValue}`,
        rowCount: 10,
        metricName: "Macro-F1",
        ...shownExactly(publicValue),
        privateMetricValue: PRIVATE,
        finalAt: final ? new Date() : null,
        counted: true,
        scoredAt: new Date(),
      })
      .returning({ id: submissions.id });
    return row!.id;
  };
  submissionId = await insert(PUBLIC, true);
  await insert(0.5, false);
  await t.rankings.fresh();
});
afterAll(async () => t?.close());

/** Routes that end the session or the key: walked last, so the others see live credentials. */
const ENDING = new Set([
  "POST /api/logout",
  "POST /api/logout-everywhere",
  "POST /api/teams/leave",
  "POST /api/teams/rotate-key",
]);

function urlOf(route: Route): string {
  return route.url
    .replace(":id", submissionId)
    .replace(":domain", "healthcare")
    .replace("/static/*", "/static/healthcare/README.md")
    .replace("/*", "/dashboard");
}

describe("before the reveal", () => {
  it("no participant-facing answer carries a private score", async () => {
    const routes = routesOf(t.app).filter((route) => !route.url.startsWith("/api/admin/"));
    const ordered = [
      ...routes.filter((r) => !ENDING.has(`${r.method} ${r.url}`)),
      ...routes.filter((r) => ENDING.has(`${r.method} ${r.url}`)),
    ];
    expect(ordered.length).toBeGreaterThan(40);
    const leaks: string[] = [];
    const publicSeenIn = new Set<string>();
    for (const route of ordered) {
      const url = urlOf(route);
      const calls: InjectOptions[] =
        route.method === "GET" || route.method === "HEAD"
          ? [
              { method: route.method, url, headers },
              { method: route.method, url: `${url}?standings=private&limit=500`, headers },
            ]
          : [{ method: route.method as "POST", url, headers, payload: {} }];
      for (const call of calls) {
        const response = await t.app.inject(call);
        const seen = `${response.body} ${JSON.stringify(response.headers)}`;
        if (seen.includes(PRIVATE_DIGITS)) leaks.push(`${call.method} ${call.url}`);
        if (response.body.includes(String(PUBLIC)))
          publicSeenIn.add(`${route.method} ${route.url}`);
      }
    }
    expect(leaks).toEqual([]);
    // The walk reached the answers that show this submission's score (it can see a score).
    expect([...publicSeenIn]).toEqual(
      expect.arrayContaining([
        "GET /api/submissions/:id",
        "GET /api/submissions/history",
        "POST /api/submissions/:id/final",
      ]),
    );
  });
});

describe("after the reveal", () => {
  it("the same search finds the private score where it is now shown", async () => {
    await endMainPhase(t);
    const reveal = await t.app.inject({
      method: "POST",
      url: "/api/admin/competition/reveal",
      headers: await adminAuth(t.app),
    });
    expect(reveal.statusCode).toBe(201);
    // The walk rotated the key and the walker left: the keeper reads the team's key now.
    const view = await t.app.inject({ method: "GET", url: "/api/teams", headers: keeper });
    const key = view.json().teams[0].api_key as string;
    const response = await t.app.inject({
      method: "GET",
      url: `/api/submissions/${submissionId}`,
      headers: { "x-api-key": key },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(PRIVATE_DIGITS);
    expect(response.json()).toMatchObject({ score: PRIVATE, score_kind: "final" });
  });
});
