import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CompetitionDefinition, PublicCompetition } from "@tandem/competition";
import { defaultDefinition } from "@tandem/competition/server";
import type { CompetitionDomain } from "@tandem/contracts";
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webStaticPlugin } from "../src/plugins/web-static";

/**
 * Docs/adr/0027 and 0028: the domain pages and the leaderboards are rendered per request by the
 * web's server build, which the web build leaves with the pages' documents under pages/
 * (web/scripts/prerender.mjs). A stand-in build in a temporary folder renders what it was given,
 * so each test can see which data the page was rendered from.
 */
const EMPTY = '<script id="tandem-competition" type="application/json"></script>';
const shellHtml = () => `<!doctype html><title>Tandem</title><div id="root"></div>${EMPTY}`;
const SERVER_BUILD = `
export const PREVIEW_BYTES = 16;
export const PAGE_DATA_ID = "tandem-page-data";
export function previewedFiles(domain) {
  return [domain.files_url + "first.csv"];
}
export async function renderDomainPage(pathname, competition, domains, readStart, renderedAt) {
  const domain = domains.find((candidate) => candidate.route === pathname);
  if (!domain) return null;
  if (domain.name === "Broken") throw new Error("render failed");
  const start = await readStart(domain.files_url + "first.csv");
  if (!start) return null;
  return {
    html: "<h1>" + domain.name + "</h1><p>baseline " + domain.challenges[0].baseline + "</p>" +
      "<pre>" + start.text + "|" + start.complete + "</pre><p>v" + competition.version + "</p>",
    footer: '<div id="prerendered-footer">footer</div>',
    data: { fallback: { domains: domains.length, text: "</script>" }, renderedAt: renderedAt.toISOString() },
  };
}
export function leaderboardReads(pathname, competition) {
  const open = competition.leaderboard_visibility === "public";
  if (pathname === "/leaderboard") return open ? [{ key: "/leaderboard", board: "overall" }] : [];
  const prefix = "/leaderboard/domain/";
  const name = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : undefined;
  const domain = competition.definition.domains.find(
    (candidate) => candidate.slug === name || encodeURIComponent(candidate.name) === name,
  );
  if (!domain) return null;
  return open ? [{ key: "/leaderboard/domain/" + domain.slug, board: domain.slug }] : [];
}
export async function renderLeaderboardPage(pathname, competition, boards, renderedAt) {
  const shown = Object.entries(boards).map(([key, body]) => key + "=" + body.teams).join(";");
  return {
    html: "<h1>" + pathname + "</h1><p>" + (shown || "gate") + "</p>",
    data: { fallback: boards, renderedAt: renderedAt.toISOString() },
  };
}
`;

let dir: string;
let app: FastifyInstance | undefined;
let active: PublicCompetition;
let domains: CompetitionDomain[];
let asked = 0;
/** The rankings cache's bodies by board, as GET /api/leaderboard* sends them. */
let boards: Record<string, string> = {};
const boardsRead: string[] = [];

function publicOf(definition: CompetitionDefinition, version: number): PublicCompetition {
  return {
    version,
    definition,
    leaderboard_visibility: definition.leaderboard_visibility,
    status: { state: "open", phase: null, ends_at: null, revealed: false },
  };
}

function domainOf(slug: string, name: string, baseline: number | null): CompetitionDomain {
  return {
    name,
    slug,
    route: `/domains/${slug}`,
    files_url: `/static/${slug}/`,
    challenges: [{ baseline }],
  } as unknown as CompetitionDomain;
}

const notFoundLimitStub = fp(
  async (instance: FastifyInstance) => {
    instance.decorate("limitNotFound", async () => {});
  },
  { name: "rate-limit" },
);

async function start({ web = "web", withDomains = true, withLeaderboards = true } = {}) {
  app = Fastify();
  await app.register(notFoundLimitStub);
  await app.register(webStaticPlugin, {
    staticDir: join(dir, "static"),
    webDistDir: join(dir, web),
    publicCompetition: async () => active,
    ...(withDomains
      ? {
          publicDomains: async () => {
            asked += 1;
            return domains;
          },
        }
      : {}),
    ...(withLeaderboards
      ? {
          publicLeaderboard: async (board: string) => {
            boardsRead.push(board);
            const body = boards[board];
            if (body === undefined) throw new Error(`no board ${board}`);
            return body;
          },
        }
      : {}),
  });
  await app.ready();
  return app;
}

/** The data script of a served page, as the browser reads it. */
function pageData(html: string): unknown {
  const match = /<script id="tandem-page-data" type="application\/json">([^<]*)<\/script>/.exec(
    html,
  );
  return match?.[1] ? JSON.parse(match[1]) : null;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tandem-web-domain-pages-"));
  for (const web of ["web", "web-without-server"]) {
    await mkdir(join(dir, web, "pages", "_request"), { recursive: true });
    await writeFile(join(dir, web, "index.html"), shellHtml());
    for (const module of ["DomainPage", "LeaderboardPage", "DomainLeaderboardPage"]) {
      await writeFile(
        join(dir, web, "pages", "_request", `${module}.html`),
        shellHtml().replace(
          "<title>",
          `<script type="module" src="/assets/boot.js"></script><title>${module}`,
        ),
      );
    }
  }
  await mkdir(join(dir, "web", "pages", "_server"), { recursive: true });
  await writeFile(join(dir, "web", "pages", "_server", "entry-server.js"), SERVER_BUILD);
  for (const slug of ["commerce", "insurance", "food"]) {
    await mkdir(join(dir, "static", slug), { recursive: true });
  }
  await writeFile(join(dir, "static", "commerce", "first.csv"), "id,value\n1,2\n");
  await writeFile(join(dir, "static", "insurance", "first.csv"), "id,value\n1,2\n3,4\n5,6\n7,8\n");
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe("domain pages rendered per request", () => {
  it("serves a domain page rendered from the domains' content, the previewed file's start and the competition", async () => {
    active = publicOf(defaultDefinition(), 3);
    domains = [domainOf("commerce", "Commerce", 0.5), domainOf("insurance", "Insurance", null)];
    const server = await start();
    const response = await server.inject({ url: "/domains/commerce" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const html = response.body;
    expect(html).toContain(
      '<div id="root" data-prerendered="/domains/commerce"><h1>Commerce</h1><p>baseline 0.5</p>',
    );
    expect(html).toContain("<pre>id,value\n1,2\n|true</pre><p>v3</p>");
    // The page's own first script, its static footer, and the data the browser renders from.
    expect(html).toContain('src="/assets/boot.js"');
    expect(html).toContain('</div><div id="prerendered-footer">footer</div>');
    const data = pageData(html) as { fallback: { text: string }; renderedAt: string };
    expect(data.fallback.text).toBe("</script>");
    expect(new Date(data.renderedAt).getTime() % 60_000).toBe(0);
    expect(html).toContain('"version":3');

    // A file longer than the preview's bytes is cut, and said to go on.
    const cut = await server.inject({ url: "/domains/insurance" });
    expect(cut.body).toContain("<pre>id,value\n1,2\n3,4|false</pre>");
  });

  it("renders again when the content, the file or the competition changed, never serving the old page", async () => {
    active = publicOf(defaultDefinition(), 3);
    domains = [domainOf("commerce", "Commerce", 0.5)];
    const server = await start();
    const first = await server.inject({ url: "/domains/commerce" });
    const same = await server.inject({ url: "/domains/commerce" });
    expect(same.headers.etag).toBe(first.headers.etag);

    domains = [domainOf("commerce", "Commerce", 0.75)];
    const baseline = await server.inject({ url: "/domains/commerce" });
    expect(baseline.body).toContain("<p>baseline 0.75</p>");

    await writeFile(join(dir, "static", "commerce", "first.csv"), "id,value\n9,9\n");
    const file = await server.inject({ url: "/domains/commerce" });
    expect(file.body).toContain("<pre>id,value\n9,9\n|true</pre>");

    active = { ...publicOf(defaultDefinition(), 4), status: { ...active.status, state: "closed" } };
    const status = await server.inject({ url: "/domains/commerce" });
    expect(status.body).toContain("<p>v4</p>");
    expect(status.body).toContain('"state":"closed"');
  });

  it("serves the app shell where it cannot render the page as the app would", async () => {
    active = publicOf(defaultDefinition(), 3);
    domains = [
      domainOf("commerce", "Commerce", 0.5),
      domainOf("insurance", "Broken", null),
      domainOf("food", "Food", null),
    ];
    const server = await start();
    for (const url of [
      // Not a domain of the definition: the app sends it to "/".
      "/domains/unknown",
      "/domains/Commerce",
      "/domains/commerce/",
      // The render throws; a previewed file is missing.
      "/domains/insurance",
      "/domains/food",
      // What the build leaves under pages/ is never served as files.
      "/pages/_server/entry-server.js",
      "/pages/_request/DomainPage.html",
    ]) {
      const response = await server.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain("data-prerendered");
      expect(response.body, url).not.toContain("boot.js");
    }
  });

  it("serves the shell without the domains' content or without the server build", async () => {
    active = publicOf(defaultDefinition(), 3);
    domains = [domainOf("commerce", "Commerce", 0.5)];
    for (const options of [{ withDomains: false }, { web: "web-without-server" }]) {
      const server = await start(options);
      const response = await server.inject({ url: "/domains/commerce" });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain("data-prerendered");
      await server.close();
      app = undefined;
    }
  });

  it("asks for the domains' content only for a domain page", async () => {
    active = publicOf(defaultDefinition(), 3);
    domains = [domainOf("commerce", "Commerce", 0.5)];
    const server = await start();
    asked = 0;
    for (const url of ["/dashboard", "/about", "/domains", "/domains/unknown"]) {
      await server.inject({ url });
    }
    expect(asked).toBe(0);
  });
});

describe("leaderboards rendered per request", () => {
  const openDefinition = (): CompetitionDefinition => ({
    ...defaultDefinition(),
    leaderboard_visibility: "public",
  });

  it("serves an open leaderboard rendered from the board GET /api/leaderboard sends", async () => {
    active = publicOf(openDefinition(), 5);
    boards = { overall: JSON.stringify({ teams: 3, text: "</script>" }), commerce: '{"teams":2}' };
    const server = await start();
    const overall = await server.inject({ url: "/leaderboard" });
    expect(overall.statusCode).toBe(200);
    expect(overall.body).toContain(
      '<div id="root" data-prerendered="/leaderboard"><h1>/leaderboard</h1><p>/leaderboard=3</p>',
    );
    expect(overall.body).toContain("<title>LeaderboardPage");
    expect(overall.body).toContain('src="/assets/boot.js"');
    const data = pageData(overall.body) as { fallback: Record<string, { text: string }> };
    expect(data.fallback["/leaderboard"]!.text).toBe("</script>");

    // A domain's, by slug or by its name as the address spells it, in its own document.
    const commerce = defaultDefinition().domains.find((domain) => domain.slug === "commerce")!;
    for (const name of ["commerce", encodeURIComponent(commerce.name)]) {
      const domain = await server.inject({ url: `/leaderboard/domain/${name}` });
      expect(domain.body, name).toContain(
        `<div id="root" data-prerendered="/leaderboard/domain/${name}">`,
      );
      expect(domain.body, name).toContain("<p>/leaderboard/domain/commerce=2</p>");
      expect(domain.body, name).toContain("<title>DomainLeaderboardPage");
    }
  });

  it("renders the gate, reading no board, under a visibility that does not open the page", async () => {
    active = publicOf(defaultDefinition(), 5);
    boards = {};
    boardsRead.length = 0;
    const server = await start();
    for (const url of ["/leaderboard", "/leaderboard/domain/commerce"]) {
      const response = await server.inject({ url });
      expect(response.body, url).toContain(`data-prerendered="${url}"><h1>${url}</h1><p>gate</p>`);
    }
    expect(boardsRead).toEqual([]);
  });

  it("renders again when the rankings change, and keeps the render while they do not", async () => {
    active = publicOf(openDefinition(), 5);
    boards = { overall: '{"teams":3}' };
    const server = await start();
    const first = await server.inject({ url: "/leaderboard" });
    const same = await server.inject({ url: "/leaderboard" });
    expect(same.headers.etag).toBe(first.headers.etag);
    boards = { overall: '{"teams":4}' };
    const changed = await server.inject({ url: "/leaderboard" });
    expect(changed.body).toContain("<p>/leaderboard=4</p>");
  });

  it("serves the app shell for a query, an unknown domain, a failed read or no leaderboards given", async () => {
    active = publicOf(openDefinition(), 5);
    boards = { overall: '{"teams":3}' };
    const server = await start();
    for (const url of [
      // The organizers' preview and the tabs change the first render.
      "/leaderboard?standings=private",
      "/leaderboard?domain=commerce",
      "/leaderboard/domain/unknown",
      "/leaderboard/domain/%22%3E",
      '/leaderboard/domain/a"b',
      "/leaderboard/",
      // No cached body for the board: the read fails.
      "/leaderboard/domain/commerce",
    ]) {
      const response = await server.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain("data-prerendered");
    }
    await server.close();
    const without = await start({ withLeaderboards: false });
    const response = await without.inject({ url: "/leaderboard" });
    expect(response.body).not.toContain("data-prerendered");
  });
});
