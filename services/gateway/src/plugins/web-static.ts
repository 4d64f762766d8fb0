import { existsSync, mkdirSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { extname, join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
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
}

/**
 * Serves `/static/**` and the built SPA, answering client routes with `index.html`.
 * Unknown `/api` and `/static` paths stay JSON 404s.
 */
export const webStaticPlugin = fp(
  async (app: FastifyInstance, { staticDir, webDistDir }: WebStaticOptions) => {
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

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      const isApi = path === "/api" || path.startsWith("/api/") || path.startsWith("/static/");
      if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
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
