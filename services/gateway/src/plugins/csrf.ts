import { MESSAGES } from "@tandem/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden } from "../lib/http-error";
import { SESSION_COOKIE } from "./auth";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery: a browser attaches the session cookie to a form or fetch from
 * any site, so a write that rests on the cookie alone must show it comes from our own pages.
 * Browsers say so in `Sec-Fetch-Site` (or, older ones, `Origin`); a cookie-only write with
 * neither is refused. A Bearer token is never attached by a browser on its own, so requests
 * authenticated by one are not at risk and pass.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    const publicOrigin = new URL(options.publicUrl).origin;

    function fromOwnPages(request: FastifyRequest): boolean {
      const site = request.headers["sec-fetch-site"];
      if (typeof site === "string") return site === "same-origin" || site === "none";
      const origin = request.headers.origin;
      if (typeof origin !== "string") return false;
      return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
    }

    app.addHook("onRequest", async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (!request.cookies[SESSION_COOKIE]) return;
      // The session then comes from the header (see @fastify/jwt), which no other site can set.
      if (/^Bearer\s/i.test(request.headers.authorization ?? "")) return;
      if (!fromOwnPages(request)) throw forbidden("request.cross_site", MESSAGES.crossSiteRefused);
    });
  },
  { name: "csrf", dependencies: ["auth"] },
);
