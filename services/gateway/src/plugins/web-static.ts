import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { canonicalJson, type PublicCompetition } from "@tandem/competition";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** Dataset files whose type the generic lookup gets wrong or leaves as a download of bytes. */
const DATASET_TYPES: Record<string, string> = {
  ".csv": "text/csv; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".ipynb": "application/x-ipynb+json; charset=utf-8",
};

const DOMAIN_FOLDER = /^[a-z0-9][a-z0-9-]*$/;

export interface WebStaticOptions {
  /** Public dataset files, served at `/static/`. */
  staticDir: string;
  /** The built single-page app (`web/dist`). */
  webDistDir: string;
  /**
   * `GET /api/competition`'s answer, put into every HTML document so the app's first render
   * needs no request. It should return the same `definition` object while the definition is
   * unchanged (the competition source does): per-definition work is cached on that object.
   * Absent: the documents are served as built.
   */
  publicCompetition?: () => Promise<PublicCompetition>;
}

/**
 * Serves `/static/**` and the built SPA, answering client routes with `index.html`.
 * Unknown `/api` and `/static` paths stay JSON 404s.
 */
export const webStaticPlugin = fp(
  async (app: FastifyInstance, { staticDir, webDistDir, publicCompetition }: WebStaticOptions) => {
    mkdirSync(staticDir, { recursive: true });
    // Decorates `reply.sendFile`; the routes below decide the folder per request.
    await app.register(fastifyStatic, {
      root: staticDir,
      serve: false,
      index: false,
      list: false,
      dotfiles: "deny",
      setHeaders(reply, path) {
        const type = DATASET_TYPES[extname(path)];
        if (type) reply.header("content-type", type);
      },
    });
    // `{staticDir}/{domain}` is a link that a data load switches to a new, complete folder
    // (datasets/src/store/folders.ts). Resolving it once per request and serving from the
    // folder it named means one response never mixes two loads' bytes.
    app.get("/static/*", async (request, reply) => {
      const path = (request.params as { "*": string })["*"];
      const slash = path.indexOf("/");
      const domain = path.slice(0, slash);
      if (slash <= 0 || !DOMAIN_FOLDER.test(domain)) return reply.callNotFound();
      const folder = await realpath(join(staticDir, domain)).catch(() => null);
      if (!folder) return reply.callNotFound();
      return reply.sendFile(path.slice(slash + 1), folder);
    });

    const hasWeb = existsSync(join(webDistDir, "index.html"));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        prefix: "/",
        decorateReply: false,
        // "/" is the landing page: prerendered by the web build when it can be (landing.html), the
        // app shell otherwise. Without an index "/" is a directory and answers 403.
        index: ["landing.html", "index.html"],
        // The web build writes .br and .gz beside each asset; clients get the smallest they accept.
        preCompressed: true,
        dotfiles: "deny",
        setHeaders(reply, path) {
          // Vite fingerprints everything under assets/, so it can be cached for good.
          const immutable = path.includes(`${join("dist", "assets")}`);
          reply.header(
            "cache-control",
            immutable ? "public, max-age=31536000, immutable" : "no-cache",
          );
        },
      });
    }

    const documents =
      hasWeb && publicCompetition
        ? createHtmlDocuments(webDistDir, publicCompetition, app.log)
        : null;
    if (documents) {
      // Before the static files' wildcard: these documents carry the competition.
      const landing = (request: FastifyRequest, reply: FastifyReply) =>
        sendDocument(request, reply, documents.page("/"));
      app.get("/", landing);
      app.get("/landing.html", landing);
      app.get("/index.html", (request, reply) => sendDocument(request, reply, documents.shell()));
      // The other prerendered pages, as built (stale data), are not pages of their own.
      app.get(`/${PAGES_DIR}/*`, (_request, reply) => reply.callNotFound());
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      const isApi = path === "/api" || path.startsWith("/api/") || path.startsWith("/static/");
      if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
        if (documents) return sendDocument(request, reply, documents.page(path));
        return reply
          .header("cache-control", "no-cache")
          .type("text/html")
          .sendFile("index.html", webDistDir);
      }
      // Client routes above are pages people open; a stream of unknown API paths is a scan.
      await app.limitNotFound(request);
      return reply
        .status(404)
        .send({ error: `Not found: ${request.method} ${path}`, code: "request.route_not_found" });
    });
  },
  { name: "web-static", dependencies: ["rate-limit"] },
);

/**
 * Where the web build puts the prerendered page for a path (web/src/prerendered.ts): "/" in
 * landing.html, "/about" in pages/about.html.
 */
const PAGES_DIR = "pages";
const PAGE_PATH = /^(\/[a-z0-9][a-z0-9-]*)+$/;

function prerenderedFile(path: string): string | null {
  if (path === "/") return "landing.html";
  return PAGE_PATH.test(path) ? `${PAGES_DIR}${path}.html` : null;
}

/** The script the web build leaves for the competition (web/index.html), filled or not. */
const COMPETITION_SCRIPT =
  /(<script id="tandem-competition" type="application\/json">)([^<]*)(<\/script>)/;

type Encoding = "br" | "gzip";

/** One HTML document as served: its bytes, compressed on first demand and kept. */
interface HtmlDocument {
  body: Buffer;
  etag: string;
  /** CSP sources (`'sha256-…'`) of the inline scripts it runs (web/index.html's colour scheme). */
  scriptHashes: string[];
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

interface Template {
  html: string;
  mtimeMs: number;
  size: number;
  /** Canonical JSON of the definition the build prerendered it from (landing.html), else null. */
  prerenderedFrom: string | null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `index.html` and the prerendered pages (`landing.html`, `pages/*.html`) with the current
 * competition in their #tandem-competition script (`<` escaped, so no text can close it; a JSON
 * script is data, not run, so the CSP is unchanged). A path gets its prerender only while the
 * active definition is the one it was rendered from; after an organizer's change, the shell,
 * rendered in the browser (docs/adr/0025).
 * Each document is built once per definition, version and status, and compressed once per
 * encoding; the files are re-read when a new web build replaces them.
 */
function createHtmlDocuments(
  webDistDir: string,
  publicCompetition: () => Promise<PublicCompetition>,
  log: FastifyBaseLogger,
) {
  const templates = new Map<string, Template>();
  const definitionJson = new WeakMap<object, string>();
  const samePrerender = new WeakMap<object, { against: string; same: boolean }>();
  const built = new Map<string, { key: unknown[]; document: HtmlDocument }>();

  async function template(file: string): Promise<Template | null> {
    const path = join(webDistDir, file);
    const info = await stat(path).catch(() => null);
    if (!info) return null;
    const cached = templates.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const html = await readFile(path, "utf8");
    const data = COMPETITION_SCRIPT.exec(html)?.[2]?.trim();
    let prerenderedFrom: string | null = null;
    if (data) {
      try {
        prerenderedFrom = canonicalJson((JSON.parse(data) as PublicCompetition).definition);
      } catch {
        // Not data this code can read: never matches, so "/" gets the shell.
      }
    }
    const loaded = { html, mtimeMs: info.mtimeMs, size: info.size, prerenderedFrom };
    templates.set(file, loaded);
    return loaded;
  }

  function jsonOf(definition: object): string {
    let json = definitionJson.get(definition);
    if (json === undefined) {
      json = JSON.stringify(definition);
      definitionJson.set(definition, json);
    }
    return json;
  }

  function isPrerendered(landing: Template, definition: object): boolean {
    const against = landing.prerenderedFrom;
    if (against === null) return false;
    const known = samePrerender.get(definition);
    if (known?.against === against) return known.same;
    // Key order is not meaningful (a definition read back from jsonb has another).
    const same = canonicalJson(definition) === against;
    samePrerender.set(definition, { against, same });
    return same;
  }

  function fill(file: string, page: Template, competition: PublicCompetition): HtmlDocument {
    const statusJson = JSON.stringify(competition.status);
    const key = [page, competition.definition, competition.version, statusJson];
    const cached = built.get(file);
    if (cached?.key.every((part, i) => part === key[i])) return cached.document;
    const version = JSON.stringify(competition.version);
    const visibility = JSON.stringify(competition.leaderboard_visibility);
    const json =
      `{"version":${version},"definition":${jsonOf(competition.definition)},` +
      `"leaderboard_visibility":${visibility},"status":${statusJson}}`;
    const safe = json.replace(/</g, "\\u003c");
    const html = page.html.replace(COMPETITION_SCRIPT, (_all, open, _data, close) =>
      [open, safe, close].join(""),
    );
    const document = htmlDocument(html);
    built.set(file, { key, document });
    return document;
  }

  async function current(): Promise<PublicCompetition | null> {
    try {
      return await publicCompetition();
    } catch (err) {
      // The page still loads, asks GET /api/competition itself, and says so if that fails too.
      log.warn({ err }, "the competition could not be put into the page");
      return null;
    }
  }

  async function shellWith(competition: PublicCompetition | null) {
    const page = await template("index.html");
    if (!page) return null;
    return competition ? fill("index.html", page, competition) : htmlDocument(page.html);
  }

  return {
    async shell(): Promise<HtmlDocument | null> {
      return shellWith(await current());
    },
    /** The prerendered page for `path` while it is current, else the shell. */
    async page(path: string): Promise<HtmlDocument | null> {
      const file = prerenderedFile(path);
      const [page, competition] = await Promise.all([file ? template(file) : null, current()]);
      if (!file || !page || !competition || !isPrerendered(page, competition.definition)) {
        return shellWith(competition);
      }
      return fill(file, page, competition);
    },
  };
}

function htmlDocument(html: string): HtmlDocument {
  const body = Buffer.from(html);
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  return { body, etag, scriptHashes: inlineScriptHashes(html), encoded: {} };
}

/** Inline scripts that run (no `src`; not data such as #tandem-competition's JSON). */
const INLINE_SCRIPT =
  /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/json")[^>]*>([\s\S]+?)<\/script>/g;

/**
 * The hashes that let a document's own inline scripts past `script-src 'self'`: the colour
 * scheme has to be set before first paint, before any file could arrive. Taken from the file as
 * built, so the build and the policy cannot disagree.
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, code]) => `'sha256-${createHash("sha256").update(code!).digest("base64")}'`,
  );
}

/** Adds `sources` to the script-src of the Content-Security-Policy already set (helmet's). */
function allowScripts(reply: FastifyReply, sources: string[]) {
  const policy = reply.raw.getHeader("content-security-policy");
  if (sources.length === 0 || typeof policy !== "string") return;
  const directives = policy.split(";").map((directive) => directive.trim());
  const at = directives.findIndex((directive) => directive.startsWith("script-src "));
  if (at === -1) return;
  directives[at] = [directives[at], ...sources].join(" ");
  reply.raw.setHeader("content-security-policy", directives.join(";"));
}

async function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  pending: Promise<HtmlDocument | null>,
) {
  const document = await pending;
  if (!document) return reply.callNotFound();
  allowScripts(reply, document.scriptHashes);
  reply
    .header("cache-control", "no-cache")
    .header("vary", "accept-encoding")
    .header("etag", document.etag)
    .type("text/html; charset=utf-8");
  if (request.headers["if-none-match"] === document.etag) return reply.status(304).send();
  const encoding = acceptedEncoding(request.headers["accept-encoding"]);
  if (!encoding) return reply.send(document.body);
  document.encoded[encoding] ??= compress(document.body, encoding);
  return reply.header("content-encoding", encoding).send(await document.encoded[encoding]);
}

// Once per document, not per request; quality 5 keeps brotli near gzip's cost (a few ms for
// the landing page) at close to the build's size.
function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(body, { level: 6 });
}

/** br, else gzip, when the client accepts it (a q of 0 refuses). */
function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}
