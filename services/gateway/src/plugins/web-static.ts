import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { open, readFile, realpath, stat } from "node:fs/promises";
import { extname, join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { canonicalJson, type PublicCompetition } from "@tandem/competition";
import type { CompetitionDomain } from "@tandem/contracts";
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
  /**
   * `GET /api/competition/domains`'s answer: with it (and `publicCompetition`) the domain pages
   * are rendered per request by the web's server build (docs/adr/0027). Absent: the app shell.
   */
  publicDomains?: () => Promise<CompetitionDomain[]>;
  /**
   * A board's cached body as `GET /api/leaderboard` ("overall") or
   * `GET /api/leaderboard/domain/<slug>` sends it to a reader the visibility admits: with it
   * (and `publicCompetition`) the leaderboards are rendered per request (docs/adr/0028).
   */
  publicLeaderboard?: (board: string) => Promise<string>;
}

/**
 * Serves `/static/**` and the built SPA, answering client routes with `index.html`.
 * Unknown `/api` and `/static` paths stay JSON 404s.
 */
export const webStaticPlugin = fp(
  async (
    app: FastifyInstance,
    {
      staticDir,
      webDistDir,
      publicCompetition,
      publicDomains,
      publicLeaderboard,
    }: WebStaticOptions,
  ) => {
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
        ? createHtmlDocuments(webDistDir, publicCompetition, app.log, {
            staticDir,
            publicDomains,
            publicLeaderboard,
          })
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
        if (documents) {
          const query = request.url.length > path.length;
          return sendDocument(request, reply, documents.page(path, query));
        }
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
  {
    staticDir,
    publicDomains,
    publicLeaderboard,
  }: {
    staticDir: string;
    publicDomains?: (() => Promise<CompetitionDomain[]>) | undefined;
    publicLeaderboard?: ((board: string) => Promise<string>) | undefined;
  },
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
    const document = htmlDocument(withCompetition(page.html, competition));
    built.set(file, { key, document });
    return document;
  }

  function withCompetition(html: string, competition: PublicCompetition): string {
    const version = JSON.stringify(competition.version);
    const visibility = JSON.stringify(competition.leaderboard_visibility);
    const statusJson = JSON.stringify(competition.status);
    const json =
      `{"version":${version},"definition":${jsonOf(competition.definition)},` +
      `"leaderboard_visibility":${visibility},"status":${statusJson}}`;
    const safe = json.replace(/</g, "\\u003c");
    return html.replace(COMPETITION_SCRIPT, (_all, open, _data, close) =>
      [open, safe, close].join(""),
    );
  }

  const serverBuild = createServerBuild(webDistDir, log);
  const domainPages = createDomainPages(staticDir, publicDomains, log, template, serverBuild);
  const leaderboardPages = createLeaderboardPages(publicLeaderboard, log, template, serverBuild);

  /** A domain page or a leaderboard rendered with the current data, or null (then the shell). */
  async function requestPage(
    path: string,
    query: boolean,
    competition: PublicCompetition,
  ): Promise<HtmlDocument | null> {
    const rendered =
      (await domainPages?.render(path, competition)) ??
      (query ? null : await leaderboardPages?.render(path, competition));
    if (!rendered) return null;
    const statusJson = JSON.stringify(competition.status);
    const key = [rendered.html, competition.definition, competition.version, statusJson];
    const cached = built.get(path);
    if (cached?.key.every((part, i) => part === key[i])) return cached.document;
    const document = htmlDocument(withCompetition(rendered.html, competition));
    built.set(path, { key, document });
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
    /**
     * The prerendered page for `path` while it is current, else the page rendered per request
     * when it is one (a leaderboard only without a query: `?standings=` and `?domain=` change
     * its first render), else the shell.
     */
    async page(path: string, query = false): Promise<HtmlDocument | null> {
      const file = prerenderedFile(path);
      const [page, competition] = await Promise.all([file ? template(file) : null, current()]);
      if (!competition) return shellWith(competition);
      if (file && page && isPrerendered(page, competition.definition)) {
        return fill(file, page, competition);
      }
      return (await requestPage(path, query, competition)) ?? shellWith(competition);
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

/**
 * What the web build leaves for the pages rendered per request (web/src/prerendered.ts): their
 * documents (the first script, no app) and the server build that renders them. All lie under
 * pages/, which is never served as files.
 */
const requestTemplate = (module: string) => `${PAGES_DIR}/_request/${module}.html`;
const DOMAIN_TEMPLATE = requestTemplate("DomainPage");
const SERVER_BUILD = `${PAGES_DIR}/_server/entry-server.js`;
const DOMAIN_PAGE = /^\/domains\/([a-z0-9][a-z0-9-]*)$/;
/** A domain's leaderboard by slug or display name, URL-encoded (nothing to escape in HTML). */
const LEADERBOARD_PAGE = /^\/leaderboard(\/domain\/[A-Za-z0-9%._~-]+)?$/;
const EMPTY_ROOT = '<div id="root"></div>';
const MINUTE_MS = 60_000;

/** The parts of the web's server build (web/src/entry-server.tsx) the gateway uses. */
interface WebServerBuild {
  PREVIEW_BYTES: number;
  PAGE_DATA_ID: string;
  previewedFiles(domain: CompetitionDomain): string[];
  renderDomainPage(
    pathname: string,
    competition: PublicCompetition,
    domains: CompetitionDomain[],
    readStart: (url: string) => Promise<FileStart | null>,
    renderedAt: Date,
  ): Promise<{ html: string; footer: string; data: unknown } | null>;
  leaderboardReads(
    pathname: string,
    competition: PublicCompetition,
  ): { key: string; board: string }[] | null;
  renderLeaderboardPage(
    pathname: string,
    competition: PublicCompetition,
    boards: Record<string, unknown>,
    renderedAt: Date,
  ): Promise<{ html: string; data: unknown }>;
}

interface FileStart {
  text: string;
  complete: boolean;
}

type ServerBuild = () => Promise<WebServerBuild | null>;

/**
 * The web's server build, imported on first use. Null without one, or after a new web build
 * under this process: a module cannot be imported again (its chunks import it by its URL), and a
 * build's render only fits its own styles, so the shell until a restart.
 */
function createServerBuild(webDistDir: string, log: FastifyBaseLogger): ServerBuild {
  let server: { mtimeMs: number; build: Promise<WebServerBuild | null> } | null = null;
  return () => {
    const file = join(webDistDir, SERVER_BUILD);
    return stat(file).then(
      (info) => {
        if (!server) {
          const build = (import(pathToFileURL(file).href) as Promise<WebServerBuild>).catch(
            (err: unknown) => {
              log.warn({ err }, "the web's server build could not be loaded");
              return null;
            },
          );
          server = { mtimeMs: info.mtimeMs, build };
        }
        return server.mtimeMs === info.mtimeMs ? server.build : null;
      },
      () => null,
    );
  };
}

/**
 * `page`'s document with the render in #root (marked with the path it was rendered for, which
 * the browser adopts only there), the footer after it, and the data it was rendered from in the
 * page-data script (`<` escaped, as for the competition: no text in the data can close it).
 */
function filledDocument(
  page: Template,
  build: WebServerBuild,
  path: string,
  rendered: { html: string; footer?: string; data: unknown },
): string {
  const data = JSON.stringify(rendered.data).replace(/</g, "\\u003c");
  return page.html.replace(
    EMPTY_ROOT,
    () =>
      `<div id="root" data-prerendered="${path}">${rendered.html}</div>${rendered.footer ?? ""}` +
      `<script id="${build.PAGE_DATA_ID}" type="application/json">${data}</script>`,
  );
}

/** What every render depends on: its document, the server build and the competition, then `parts`. */
function renderKey(
  page: Template,
  build: WebServerBuild,
  competition: PublicCompetition,
  ...parts: unknown[]
): unknown[] {
  const status = JSON.stringify(competition.status);
  return [page, build, competition.definition, competition.version, status, ...parts];
}

/** A render kept while every part of its key is the same (by identity). */
function keptRenders() {
  const kept = new Map<string, { key: unknown[]; html: string }>();
  return {
    get(path: string, key: unknown[]): string | null {
      const cached = kept.get(path);
      return cached?.key.every((part, i) => part === key[i]) ? cached.html : null;
    },
    /** Keeps `html` for `path` under `key`; the render as the caller answers it. */
    keep(path: string, key: unknown[], html: string): { html: string } {
      kept.set(path, { key, html });
      return { html };
    },
  };
}

/**
 * The domain pages rendered per request (docs/adr/0027): the web's server build renders the
 * page from the definition, `GET /api/competition/domains`' answer and the start of each file
 * it previews, at the current minute (the page's clock), as a signed-out visitor sees it once
 * its loading time is over. A render is kept while none of those changed, so a page is rendered
 * at most once a minute. Null when the build has no server render or anything is missing: the
 * caller serves the app shell, as before.
 */
function createDomainPages(
  staticDir: string,
  publicDomains: (() => Promise<CompetitionDomain[]>) | undefined,
  log: FastifyBaseLogger,
  template: (file: string) => Promise<Template | null>,
  serverBuild: ServerBuild,
) {
  if (!publicDomains) return null;
  const kept = keptRenders();

  /** The first `bytes` of a file under /static/, as a ranged read gives them; null if none. */
  async function readStart(url: string, bytes: number): Promise<FileStart | null> {
    const match = /^\/static\/([a-z0-9][a-z0-9-]*)\/(.+)$/.exec(url);
    if (!match) return null;
    // The folder a data load switched the link to, as GET /static/* resolves it.
    const folder = await realpath(join(staticDir, match[1]!)).catch(() => null);
    if (!folder) return null;
    const path = join(folder, match[2]!);
    if (!path.startsWith(folder + sep)) return null;
    const handle = await open(path, "r").catch(() => null);
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      const buffer = Buffer.alloc(Math.min(size, bytes));
      await handle.read(buffer, 0, buffer.length, 0);
      return { text: buffer.toString("utf8"), complete: size <= bytes };
    } finally {
      await handle.close();
    }
  }

  return {
    async render(path: string, competition: PublicCompetition): Promise<{ html: string } | null> {
      const slug = DOMAIN_PAGE.exec(path)?.[1];
      if (!slug || !competition.definition.domains.some((domain) => domain.slug === slug)) {
        return null;
      }
      try {
        const [page, build, domains] = await Promise.all([
          template(DOMAIN_TEMPLATE),
          serverBuild(),
          publicDomains(),
        ]);
        const domain = domains.find((candidate) => candidate.route === path);
        if (!page || !build || !domain || !page.html.includes(EMPTY_ROOT)) return null;
        const urls = build.previewedFiles(domain);
        const starts = new Map<string, FileStart | null>();
        for (const url of urls) starts.set(url, await readStart(url, build.PREVIEW_BYTES));
        const minute = Math.floor(Date.now() / MINUTE_MS);
        const key = renderKey(
          page,
          build,
          competition,
          JSON.stringify(domains),
          JSON.stringify([...starts]),
          minute,
        );
        const cached = kept.get(path, key);
        if (cached) return { html: cached };
        const rendered = await build.renderDomainPage(
          path,
          competition,
          domains,
          async (url) => starts.get(url) ?? null,
          new Date(minute * MINUTE_MS),
        );
        if (!rendered) return null;
        return kept.keep(path, key, filledDocument(page, build, path, rendered));
      } catch (err) {
        log.warn({ err, path }, "the domain page could not be rendered: serving the app shell");
        return null;
      }
    },
  };
}

/**
 * The leaderboards rendered per request (docs/adr/0028): `/leaderboard` and
 * `/leaderboard/domain/<name>` as a signed-out reader sees them, from the cached bodies of the
 * boards the server build names (none under a visibility that shows such a reader the gate). A
 * render is kept while the definition, version, status and those bodies are the same: at most
 * one per rankings change. Null when there is nothing to render or anything fails: the shell.
 */
function createLeaderboardPages(
  publicLeaderboard: ((board: string) => Promise<string>) | undefined,
  log: FastifyBaseLogger,
  template: (file: string) => Promise<Template | null>,
  serverBuild: ServerBuild,
) {
  if (!publicLeaderboard) return null;
  const kept = keptRenders();
  const parsed = new Map<string, { body: string; value: unknown }>();

  /** A board's body as an object, parsed once per body. */
  async function board(name: string): Promise<{ body: string; value: unknown }> {
    const body = await publicLeaderboard!(name);
    let known = parsed.get(name);
    if (known?.body !== body) {
      known = { body, value: JSON.parse(body) as unknown };
      parsed.set(name, known);
    }
    return known;
  }

  return {
    async render(path: string, competition: PublicCompetition): Promise<{ html: string } | null> {
      const match = LEADERBOARD_PAGE.exec(path);
      if (!match) return null;
      try {
        const module = match[1] ? "DomainLeaderboardPage" : "LeaderboardPage";
        const [page, build] = await Promise.all([template(requestTemplate(module)), serverBuild()]);
        if (!page || !build || !page.html.includes(EMPTY_ROOT)) return null;
        const reads = build.leaderboardReads(path, competition);
        if (!reads) return null;
        const boards = await Promise.all(reads.map((read) => board(read.board)));
        const key = renderKey(
          page,
          build,
          competition,
          competition.leaderboard_visibility,
          ...boards.map((answer) => answer.body),
        );
        const cached = kept.get(path, key);
        if (cached) return { html: cached };
        const fallback = Object.fromEntries(
          reads.map((read, i) => [read.key, boards[i]!.value] as const),
        );
        const rendered = await build.renderLeaderboardPage(path, competition, fallback, new Date());
        return kept.keep(path, key, filledDocument(page, build, path, rendered));
      } catch (err) {
        log.warn({ err, path }, "the leaderboard could not be rendered: serving the app shell");
        return null;
      }
    },
  };
}
