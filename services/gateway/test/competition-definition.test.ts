import type { CompetitionDefinition } from "@tandem/competition";
import { defaultDefinition } from "@tandem/competition/server";
import { errorEnvelopeSchema } from "@tandem/contracts";
import { auditLog } from "@tandem/db";
import { parseCsvRows } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activeTeam,
  adminAuth,
  buildTestApp,
  endMainPhase,
  newMember,
  type TestApp,
} from "./helper";

/**
 * Issue 29: the competition as data. The deployment has no window in its environment, so the
 * stored definition decides; the edits and their guards go through the API as the console's.
 */
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ COMPETITION_OPENS_AT: "", COMPETITION_CLOSES_AT: "" });
  admin = await adminAuth(t.app);
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const inject = (options: InjectOptions) => t.app.inject(options);
const codeOf = (response: { json: () => unknown }) =>
  errorEnvelopeSchema.parse(response.json()).code;

async function stored(): Promise<{ version: number; definition: CompetitionDefinition }> {
  const response = await inject({ url: "/api/admin/competition", headers: admin });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The stored definition as an edit of it: `change` applied to a copy. */
async function put(
  change: (def: CompetitionDefinition) => void,
  options: { version?: number; rescore?: boolean; dry_run?: boolean } = {},
) {
  const current = await stored();
  const definition = structuredClone(current.definition);
  change(definition);
  return inject({
    method: "PUT",
    url: "/api/admin/competition",
    headers: admin,
    payload: {
      version: options.version ?? current.version,
      definition,
      rescore: options.rescore ?? false,
      dry_run: options.dry_run ?? false,
    },
  });
}

const submit = async (key: string, labelEvery = 3) => {
  const sample = await inject({ url: "/static/retail-banking/sample_submission_c1.csv" });
  const ids = parseCsvRows(sample.body)
    .slice(1)
    .map((row) => row[0]!);
  return inject({
    method: "POST",
    url: "/api/submit",
    headers: { "x-api-key": key },
    payload: {
      domain_name: "Retail Banking",
      task_number: 1,
      predictions_csv: `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${i % labelEvery === 0 ? 1 : 0}`).join("\n")}\n`,
    },
  });
};

describe("the competition definition", () => {
  it("is public as the pages follow it, the default edition on a fresh deployment", async () => {
    const response = await inject({ url: "/api/competition" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.version).toBe(0);
    expect(body.definition).toEqual(JSON.parse(JSON.stringify(defaultDefinition())));
    // The default edition's week is over: closed, and not revealed.
    expect(body.status).toEqual({ state: "closed", phase: null, ends_at: null, revealed: false });
  });

  it("is edited by organizers only", async () => {
    expect((await inject({ url: "/api/admin/competition" })).statusCode).toBe(401);
    const member = await newMember(t.app, "definition-reader");
    for (const url of ["/api/admin/competition", "/api/admin/competition/versions"]) {
      expect((await inject({ url, headers: member.auth })).statusCode).toBe(403);
    }
    const write = await inject({
      method: "PUT",
      url: "/api/admin/competition",
      headers: member.auth,
      payload: { version: 0, definition: {} },
    });
    expect(write.statusCode).toBe(403);
  });

  it("refuses an invalid document whole, with every problem and its path", async () => {
    const response = await put((d) => {
      d.timeline[0]!.date = "kickoff";
      d.domains[0]!.challenges[0]!.test_file = "missing.csv";
    });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe("competition.definition_invalid");
    const paths = response.json().details.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining(["timeline.0.date", "domains.0.challenges.0.files"]),
    );
    expect((await stored()).version).toBe(0);
  });

  it("moves the default edition to this week before anything was submitted, versioned and audited", async () => {
    const preview = await put(
      (d) => {
        d.phases[0]!.starts_at = at(-DAY);
        d.phases[0]!.ends_at = at(7 * DAY);
      },
      { dry_run: true },
    );
    expect(preview.json()).toMatchObject({ saved: false, version: 0 });
    expect(preview.json().changes.map((c: { path: string }) => c.path)).toEqual([
      "phases.main.starts_at",
      "phases.main.ends_at",
    ]);
    expect((await stored()).version).toBe(0);

    const saved = await put((d) => {
      d.phases[0]!.starts_at = at(-DAY);
      d.phases[0]!.ends_at = at(7 * DAY);
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ saved: true, version: 1 });
    const live = (await inject({ url: "/api/competition" })).json();
    expect(live.status).toMatchObject({ state: "open", phase: { id: "main", counts: true } });
    const config = (await inject({ url: "/api/config/public" })).json();
    expect(config.competition.closes_at).toBe(
      new Date(live.definition.phases[0].ends_at).toISOString(),
    );

    const versions = (
      await inject({ url: "/api/admin/competition/versions", headers: admin })
    ).json();
    expect(
      versions.versions.map((v: { version: number; source: string }) => [v.version, v.source]),
    ).toEqual([
      [1, "console"],
      [0, "default"],
    ]);
    expect(versions.versions[0].created_by).toBe("admin@example.org");
    const [entry] = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "competition.update"));
    expect(entry).toMatchObject({ actorEmail: "admin@example.org", targetId: "1" });
  });

  it("refuses an edit of a version that is no longer in force (409, the current version)", async () => {
    const response = await put(
      (d) => {
        d.identity.edition = "2027";
      },
      { version: 0 },
    );
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe("competition.version_stale");
    expect(response.json().details.version).toBe(1);
  });

  it("counts submissions in the new window, and then guards the dates that decided them", async () => {
    const team = await activeTeam(t.app, "definition-guards");
    const first = await submit(team.api_key);
    expect(first.statusCode).toBe(200);
    expect(first.json().counted).toBe(true);

    const startMoved = await put((d) => {
      d.phases[0]!.starts_at = at(-2 * DAY);
    });
    expect([startMoved.statusCode, codeOf(startMoved)]).toEqual([409, "competition.date_passed"]);
    const intoThePast = await put((d) => {
      d.phases[0]!.ends_at = at(-60_000);
    });
    expect([intoThePast.statusCode, codeOf(intoThePast)]).toEqual([409, "competition.date_passed"]);
    const later = await put((d) => {
      d.phases[0]!.ends_at = at(8 * DAY);
    });
    expect(later.json()).toMatchObject({ saved: true, version: 2 });
  });

  it("needs a rescore in the same request to change a metric that has scored submissions", async () => {
    const team = await activeTeam(t.app, "definition-metric");
    const sample = await inject({ url: "/static/food/sample_submission_c1.csv" });
    const scored = await inject({
      method: "POST",
      url: "/api/submit",
      headers: { "x-api-key": team.api_key },
      payload: { domain_name: "Food Production", task_number: 1, predictions_csv: sample.body },
    });
    expect(scored.json()).toMatchObject({ status: "scored", metric_name: "MAE" });
    const toRmse = (d: CompetitionDefinition) => {
      d.domains.find((x) => x.slug === "food")!.challenges[0]!.metric = "rmse";
    };
    const refused = await put(toRmse);
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, "competition.rescore_required"]);
    const rescored = await put(toRmse, { rescore: true });
    expect(rescored.json()).toMatchObject({ saved: true, rescored: ["food/1"] });
    // Rescored by the worker with the new metric: the score is the RMSE of the same file.
    const id = scored.json().submission_id as string;
    let row: { status: string; metric_name: string; score: number | null } | undefined;
    for (let i = 0; i < 100 && row?.status !== "scored"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = (
        await inject({ url: `/api/submissions/${id}`, headers: { "x-api-key": team.api_key } })
      ).json();
    }
    expect(row).toMatchObject({ status: "scored", metric_name: "RMSE" });
    expect(row!.score).toBeGreaterThanOrEqual(scored.json().score);
  });

  it("refuses to remove a domain that has submissions", async () => {
    const response = await put((d) => {
      d.domains = d.domains.filter((x) => x.slug !== "retail-banking");
    });
    expect([response.statusCode, codeOf(response)]).toEqual([409, "competition.challenge_in_use"]);
    expect(response.json().error).toContain("retail-banking/1");
  });

  it("refuses the reveal while the last scored phase is open", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/admin/competition/reveal",
      headers: admin,
    });
    expect([response.statusCode, codeOf(response)]).toEqual([409, "competition.reveal_too_early"]);
    expect(response.json().details.closes_at).toEqual(expect.any(String));
  });
});

describe("after the close and the reveal", () => {
  let team: { id: string; api_key: string };
  let best: string;

  beforeAll(async () => {
    team = await activeTeam(t.app, "post-reveal");
    const scored = await submit(team.api_key, 2);
    best = scored.json().submission_id;
    await endMainPhase(t, { via: "definition" });
  });

  it("a close date that has passed cannot move, by the definition or the settings", async () => {
    const response = await put((d) => {
      d.phases[0]!.ends_at = at(3 * DAY);
    });
    expect([response.statusCode, codeOf(response)]).toEqual([409, "competition.date_passed"]);
    const settings = await inject({
      method: "PATCH",
      url: "/api/admin/settings",
      headers: admin,
      payload: { closes_at: at(3 * DAY) },
    });
    expect([settings.statusCode, codeOf(settings)]).toEqual([409, "competition.date_passed"]);
  });

  it("reveals; then every submission is practice and final picks are frozen", async () => {
    const reveal = await inject({
      method: "POST",
      url: "/api/admin/competition/reveal",
      headers: admin,
    });
    expect(reveal.statusCode).toBe(201);
    expect((await inject({ url: "/api/competition" })).json().status).toMatchObject({
      state: "revealed",
      revealed: true,
    });

    // The climb of the issue: more submissions, then marking the best final. Neither counts.
    const late = await submit(team.api_key, 5);
    expect(late.json(), late.body).toMatchObject({ counted: false });
    const marked = await inject({
      method: "POST",
      url: `/api/submissions/${late.json().submission_id}/final`,
      headers: { "x-api-key": team.api_key },
    });
    expect([marked.statusCode, codeOf(marked)]).toEqual([409, "submission.final_frozen"]);
    const unmarked = await inject({
      method: "DELETE",
      url: `/api/submissions/${best}/final`,
      headers: { "x-api-key": team.api_key },
    });
    expect([unmarked.statusCode, codeOf(unmarked)]).toEqual([409, "submission.final_frozen"]);
    const picks = await inject({
      method: "PATCH",
      url: "/api/admin/settings",
      headers: admin,
      payload: { final_picks: 5 },
    });
    expect([picks.statusCode, codeOf(picks)]).toEqual([409, "competition.frozen_after_reveal"]);
  });

  it("refuses what decided the ranking, and lets the texts change", async () => {
    const metric = await put((d) => {
      d.domains.find((x) => x.slug === "food")!.challenges[0]!.metric = "mse";
    });
    expect([metric.statusCode, codeOf(metric)]).toEqual([409, "competition.frozen_after_reveal"]);
    const text = await put((d) => {
      d.site.hero.heading = "Thank you for taking part in {{name}} {{edition}}";
    });
    expect(text.json()).toMatchObject({ saved: true });
    const live = (await inject({ url: "/api/competition" })).json();
    expect(live.definition.site.hero.heading).toBe(
      "Thank you for taking part in {{name}} {{edition}}",
    );
  });
});
