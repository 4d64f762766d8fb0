import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { CompetitionDefinition, PublicCompetition } from "@tandem/competition";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuth, buildTestApp, type TestApp } from "./helper";

/**
 * Issue 29, through the whole gateway: the pages carry what `GET /api/competition` answers, and
 * an organizer's edit takes "/" off the build's prerender at once. No window in the environment,
 * so a fresh deployment serves the default definition the prerender was made from. The web
 * build's two documents are written as web/scripts/prerender.mjs leaves them.
 */
let t: TestApp;
let admin: Record<string, string>;

const EMPTY = '<script id="tandem-competition" type="application/json"></script>';
const page = (root: string, data = "") =>
  `<!doctype html><title>Tandem</title>${root}${EMPTY.replace("></", `>${data}</`)}`;

function carried(html: string): PublicCompetition | null {
  const match = /<script id="tandem-competition" type="application\/json">([^<]*)<\/script>/.exec(
    html,
  );
  return match?.[1] ? (JSON.parse(match[1]) as PublicCompetition) : null;
}

async function active(): Promise<PublicCompetition> {
  return (await t.app.inject({ url: "/api/competition" })).json();
}

beforeAll(async () => {
  t = await buildTestApp({ COMPETITION_OPENS_AT: "", COMPETITION_CLOSES_AT: "" });
  admin = await adminAuth(t.app);
  // The helper's stand-in build is a bare shell; the documents are read again when replaced.
  const web = join(dirname(t.staticDir), "web");
  const rendered = JSON.stringify(await active()).replace(/</g, "\\u003c");
  await writeFile(join(web, "index.html"), page('<div id="root"></div>'));
  await writeFile(
    join(web, "landing.html"),
    page('<div id="root" data-prerendered><h1>Prerendered</h1></div>', rendered),
  );
});
afterAll(async () => t?.close());

describe("pages and the active definition", () => {
  it("serves / prerendered and a client route as the shell, both carrying GET /api/competition's answer", async () => {
    const expected = await active();
    expect(expected.version).toBe(0);

    const landing = await t.app.inject({ url: "/" });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers["cache-control"]).toBe("no-cache");
    expect(landing.body).toContain("data-prerendered");
    expect(carried(landing.body)).toEqual(expected);

    const rules = await t.app.inject({ url: "/rules" });
    expect(rules.body).not.toContain("data-prerendered");
    expect(carried(rules.body)).toEqual(expected);
  });

  it("serves / as the shell with the new definition once an organizer has changed it", async () => {
    const before = await active();
    const definition: CompetitionDefinition = structuredClone(before.definition);
    definition.site.hero.heading = "The next edition";
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/admin/competition",
      headers: admin,
      payload: { version: before.version, definition },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const landing = await t.app.inject({ url: "/" });
    expect(landing.body).not.toContain("data-prerendered");
    const now = carried(landing.body);
    expect(now?.version).toBe(before.version + 1);
    expect(now?.definition.site.hero.heading).toBe("The next edition");
    expect(carried((await t.app.inject({ url: "/dashboard" })).body)).toEqual(now);
  });
});
