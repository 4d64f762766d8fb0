import type { FastifyReply, FastifyRequest } from "fastify";
import { randomToken, sha256 } from "../../lib/secret-tokens";

/**
 * Binds a GitHub sign-in to the browser that started it (issue 31, finding 8: login CSRF). The
 * authorize route gives the browser a random nonce in this cookie; the callback stores the
 * nonce's hash with the one-minute code of `/login/success?token=`, and the code exchange
 * accepts the code only with the same cookie. A link handed to someone else signs no one in.
 *
 * HttpOnly (no script reads it), SameSite=Lax (sent on GitHub's top-level redirect back, not on
 * another site's POST), Secure on https deployments, and scoped to `/api/auth`: the callback
 * and `/api/auth/exchange` are the only readers.
 */
export const GITHUB_BROWSER_COOKIE = "tandem_github_browser";
const COOKIE_PATH = "/api/auth";
/** Long enough to sign in (or create an account) at GitHub; the code itself lives a minute. */
const COOKIE_MAX_AGE_SECONDS = 15 * 60;

/** Gives the browser a fresh nonce; any earlier sign-in it had started stops being its own. */
export function bindGithubBrowser(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(GITHUB_BROWSER_COOKIE, randomToken(), {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}

/** The hash of this browser's nonce (all that is stored), or undefined when it has none. */
export function githubBrowserHash(request: FastifyRequest): string | undefined {
  const nonce = request.cookies[GITHUB_BROWSER_COOKIE];
  return nonce ? sha256(nonce) : undefined;
}

/**
 * After a successful exchange: the nonce has done its one job. (Removal matches by name and
 * path; a browser on https accepts it with or without Secure.)
 */
export function clearGithubBrowser(reply: FastifyReply): void {
  reply.clearCookie(GITHUB_BROWSER_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: "lax" });
}
