import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import helmet from "@fastify/helmet";
import type { CompetitionDefinition, PublicCompetition } from "@tandem/competition";
import { defaultDefinition } from "@tandem/competition/server";
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webStaticPlugin } from "../src/plugins/web-static";

/**
 * Issue 29: every HTML document the gateway serves carries the active competition in its
 * #tandem-competition script, and "/" is the build's prerender only while the active definition
 * is the one it was rendered from (issue 36: so are the other prerendered public pages). A web
 * build stand-in in a temporary folder: index.html with the empty script, landing.html and
 * pages/about.html prerendered from the default definition (as web/scripts/prerender.mjs writes
 * them).
 */
const EMPTY = '<script id="tandem-competition" type="application/json"></script>';
const shellHtml = (data = "") =>
  `<!doctype html><title>Tandem</title><div id="root"></div>${EMPTY.replace("></", `>${data}</`)}`;

let dir: string;
let app: FastifyInstance | undefined;
let active: PublicCompetition;
let failing = false;

function publicOf(definition: CompetitionDefinition, version: number): PublicCompetition {
  return {
    version,
    definition,
    leaderboard_visibility: definition.leaderboard_visibility,
    status: { state: "open", phase: null, ends_at: null, revealed: false },
  };
}

// The plugin's 404 path needs the rate limiter's decorator; its limits are tested elsewhere.
const notFoundLimitStub = fp(
  async (instance: FastifyInstance) => {
    instance.decorate("limitNotFound", async () => {});
  },
  { name: "rate-limit" },
);

async function start(withCompetition = true, { web = "web", withHelmet = false } = {}) {
  app = Fastify();
  await app.register(notFoundLimitStub);
  if (withHelmet) await app.register(helmet);
  await app.register(webStaticPlugin, {
    staticDir: join(dir, "static"),
    webDistDir: join(dir, web),
    ...(withCompetition
      ? {
          publicCompetition: async () => {
            if (failing) throw new Error("database away");
            return active;
          },
        }
      : {}),
  });
  await app.ready();
  return app;
}

/** The competition a served page carries, as the browser reads it. */
function carried(html: string): PublicCompetition | null {
  const match = /<script id="tandem-competition" type="application\/json">([^<]*)<\/script>/.exec(
    html,
  );
  return match?.[1] ? (JSON.parse(match[1]) as PublicCompetition) : null;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tandem-web-documents-"));
  const web = join(dir, "web");
  await mkdir(web, { recursive: true });
  const prerendered = JSON.stringify(publicOf(defaultDefinition(), 0)).replace(/</g, "\\u003c");
  await writeFile(join(web, "index.html"), shellHtml());
  await writeFile(
    join(web, "landing.html"),
    shellHtml(prerendered).replace(
      '<div id="root"></div>',
      '<div id="root" data-prerendered="/"><h1>COMPETITION 2025</h1></div>',
    ),
  );
  await mkdir(join(web, "pages"), { recursive: true });
  await writeFile(
    join(web, "pages", "about.html"),
    shellHtml(prerendered).replace(
      '<div id="root"></div>',
      '<div id="root" data-prerendered="/about"><h1>About COMPETITION 2025</h1></div>',
    ),
  );
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  failing = false;
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe("HTML documents with the competition", () => {
  it("serves the prerendered landing page with the current competition while the definition is the default", async () => {
    active = publicOf(defaultDefinition(), 3);
    const server = await start();
    const response = await server.inject({ url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain("data-prerendered");
    expect(carried(response.body)).toEqual(active);
  });

  it("serves a client route the app shell carrying the current competition", async () => {
    active = publicOf(defaultDefinition(), 3);
    const server = await start();
    for (const url of ["/dashboard", "/domains/commerce", "/index.html"]) {
      const response = await server.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).not.toContain("data-prerendered");
      expect(carried(response.body), url).toEqual(active);
    }
  });

  it("serves the shell for / once the definition differs from the prerendered one, with the new data", async () => {
    const changed = structuredClone(defaultDefinition());
    changed.site.hero.heading = "COMPETITION 2026";
    active = publicOf(changed, 4);
    const server = await start();
    const response = await server.inject({ url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("data-prerendered");
    expect(carried(response.body)?.definition.site.hero.heading).toBe("COMPETITION 2026");
    expect(carried(response.body)?.version).toBe(4);

    // Back to the default (another object, keys in another order, as read from jsonb): prerendered.
    active = publicOf(reversedKeys(defaultDefinition()), 5);
    const again = await server.inject({ url: "/" });
    expect(again.body).toContain("data-prerendered");
    expect(carried(again.body)?.version).toBe(5);
  });

  it("serves another public page its prerender while the definition is the one it was rendered from, the shell after a change", async () => {
    active = publicOf(defaultDefinition(), 3);
    const server = await start();
    const prerendered = await server.inject({ url: "/about" });
    expect(prerendered.statusCode).toBe(200);
    expect(prerendered.headers["cache-control"]).toBe("no-cache");
    expect(prerendered.body).toContain('data-prerendered="/about"');
    expect(carried(prerendered.body)).toEqual(active);

    const changed = structuredClone(defaultDefinition());
    changed.site.about.title = "About 2026";
    active = publicOf(changed, 4);
    const shell = await server.inject({ url: "/about" });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).not.toContain("data-prerendered");
    expect(carried(shell.body)?.definition.site.about.title).toBe("About 2026");
  });

  it("serves the shell, never a prerendered file as built, at the prerendered files' own paths", async () => {
    active = publicOf(defaultDefinition(), 3);
    const server = await start();
    for (const url of ["/pages/about.html", "/pages/about", "/about/", "/About"]) {
      const response = await server.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain("data-prerendered");
      expect(carried(response.body), url).toEqual(active);
    }
  });

  it("escapes < so no text in the definition can close the script", async () => {
    const changed = structuredClone(defaultDefinition());
    changed.site.hero.heading = "</script><script>alert(1)</script>";
    active = publicOf(changed, 6);
    const server = await start();
    const response = await server.inject({ url: "/" });
    expect(response.body).not.toContain("<script>alert(1)");
    expect(response.body.match(/<\/script>/g)).toHaveLength(1);
    expect(carried(response.body)?.definition.site.hero.heading).toBe(changed.site.hero.heading);
  });

  it("sends brotli or gzip as the client accepts, and the same document once decoded", async () => {
    active = publicOf(defaultDefinition(), 3);
    const server = await start();
    const plain = await server.inject({ url: "/" });
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const br = await server.inject({ url: "/", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await server.inject({ url: "/", headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("answers 304 to a browser that has the same document, and 200 once the status moved", async () => {
    active = publicOf(defaultDefinition(), 3);
    const server = await start();
    const first = await server.inject({ url: "/rules" });
    const etag = first.headers.etag as string;
    const again = await server.inject({ url: "/rules", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);

    active = { ...active, status: { ...active.status, state: "closed" } };
    const moved = await server.inject({ url: "/rules", headers: { "if-none-match": etag } });
    expect(moved.statusCode).toBe(200);
    expect(carried(moved.body)?.status.state).toBe("closed");
  });

  it("still serves the pages when the competition cannot be read, leaving the app to ask", async () => {
    active = publicOf(defaultDefinition(), 3);
    failing = true;
    const server = await start();
    const response = await server.inject({ url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("data-prerendered");
    expect(carried(response.body)).toBeNull();
  });

  it("keeps API 404s as JSON", async () => {
    const server = await start();
    const response = await server.inject({ url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "request.route_not_found" });
  });

  it("serves the build's files as they are without a competition source", async () => {
    const server = await start(false);
    const landing = await server.inject({ url: "/" });
    expect(landing.body).toContain("data-prerendered");
    expect(carried(landing.body)?.version).toBe(0);
    const shell = await server.inject({ url: "/dashboard" });
    expect(carried(shell.body)).toBeNull();
  });
});

/**
 * Issue 33 (dark mode): web/index.html sets the colour scheme in an inline script before first
 * paint; the gateway's Content-Security-Policy (helmet's `script-src 'self'`) lets exactly that
 * script run, by its hash, and no other.
 */
describe("inline scripts under the Content-Security-Policy", () => {
  const SCHEME = 'document.documentElement.setAttribute("data-mantine-color-scheme","dark")';
  const sha256 = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

  beforeAll(async () => {
    const web = join(dir, "web-inline");
    await mkdir(web, { recursive: true });
    const withScript = (html: string) =>
      html.replace("<title>", `<script>${SCHEME}</script><title>`);
    const prerendered = JSON.stringify(publicOf(defaultDefinition(), 0)).replace(/</g, "\\u003c");
    await writeFile(join(web, "index.html"), withScript(shellHtml()));
    await writeFile(join(web, "landing.html"), withScript(shellHtml(prerendered)));
  });

  it("allows the document's own inline script by its hash, on the landing page and the shell", async () => {
    active = publicOf(defaultDefinition(), 3);
    const server = await start(true, { web: "web-inline", withHelmet: true });
    for (const url of ["/", "/dashboard"]) {
      const response = await server.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const policy = String(response.headers["content-security-policy"]);
      const scriptSrc = policy.split(";").find((d) => d.startsWith("script-src "));
      expect(scriptSrc, url).toBe(`script-src 'self' ${sha256(SCHEME)}`);
      // One hash: the competition's JSON script is data, never run, so it needs none.
      expect(policy.match(/'sha256-/g), url).toHaveLength(1);
    }
  });

  it("adds nothing to the policy of a document without inline scripts", async () => {
    active = publicOf(defaultDefinition(), 3);
    const server = await start(true, { withHelmet: true });
    const response = await server.inject({ url: "/dashboard" });
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain("sha256-");
  });
});

/** The same document with every object's keys in reverse order. */
function reversedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversedKeys) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reversedKeys(v)]),
    ) as T;
  }
  return value;
}
