import cookie from "@fastify/cookie";
import jwt from "@fastify/jwt";
import { MESSAGES } from "@tandem/contracts";
import type { User } from "@tandem/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { forbidden, unauthorized } from "../lib/http-error";
import type { SessionRead, SessionReads } from "../lib/session-reads";
import type { SessionsRepository } from "../modules/auth/sessions.repository";

/**
 * What a session token says. `sid` names the server-side session row, which is what makes the
 * token good; `status` and `admin_access` are informational for the SPA and never trusted here.
 */
export interface SessionClaims {
  userId: string;
  sid: string;
  status: string;
  admin_access: boolean;
}

declare module "@fastify/jwt" {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionClaims & { exp: number };
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook: a live session (Bearer header or `auth_token` cookie). */
    authenticate(request: FastifyRequest): Promise<void>;
    /** onRequest hook: a live session of a user who has admin access now (read from the database). */
    requireAdmin(request: FastifyRequest): Promise<void>;
    /** The signed-in account when the request carries a live session, else undefined. */
    sessionUser(request: FastifyRequest): Promise<User | undefined>;
    /**
     * For hot reads only (the leaderboards' public standings): `sessionUser` as Postgres answered
     * it at most `SESSION_READ_CACHE_MS` ago (ADR 0023). Never for writes, admin pages or private
     * data: those use `authenticate`/`requireAdmin`, which read Postgres every time.
     */
    readSession(request: FastifyRequest): Promise<SessionRead | undefined>;
    /** Refuses (403 `auth.account_disabled`) an account the organizers disabled. */
    issueSession(reply: FastifyReply, user: User, rememberMe: boolean): Promise<string>;
    /** Ends the request's own session (if any) and clears the cookie. */
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    clearSession(reply: FastifyReply): void;
  }
  interface FastifyRequest {
    /** Set by `authenticate`: the account as the database has it now. */
    account: User;
  }
}

export const SESSION_COOKIE = "auth_token";
/** `users.status` of an account the organizers disabled: no sign-in, no live session. */
export const ACCOUNT_DISABLED = "disabled";
const ACCOUNT_DISABLED_MESSAGE = MESSAGES.accountDisabled;
const DAY_SECONDS = 86_400;
/** Writes that may end or change sessions other than the caller's (see the onSend hook). */
const FORGET_ALL_AFTER = new Set(["/api/reset-password", "/api/teams/remove-member"]);
/** Checked tokens the hot reads keep (all are dropped when full; each is checked again). */
const CHECKED_TOKENS_KEPT = 10_000;
const claimsSchema = z.object({ userId: z.uuid(), sid: z.uuid() });

export interface AuthPluginOptions {
  secret: string;
  sessions: SessionsRepository;
  /** The hot reads' session cache; this plugin forgets what writes change (ADR 0023). */
  sessionReads: SessionReads;
  /** https here makes the session cookie Secure, whatever the hop in front says. */
  publicUrl: string;
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthPluginOptions) => {
    const { sessions, sessionReads } = options;
    const secureCookie = new URL(options.publicUrl).protocol === "https:";
    await app.register(cookie);
    await app.register(jwt, {
      secret: options.secret,
      cookie: { cookieName: SESSION_COOKIE, signed: false },
      sign: { algorithm: "HS256" },
      verify: { algorithms: ["HS256"] },
    });
    app.decorateRequest("account", null as unknown as User);

    async function sessionClaims(request: FastifyRequest) {
      try {
        await request.jwtVerify();
      } catch {
        return undefined;
      }
      // Tokens from before server-side sessions (no sid) are simply not sessions any more.
      const claims = claimsSchema.safeParse(request.user);
      return claims.success ? claims.data : undefined;
    }

    async function liveUser(request: FastifyRequest): Promise<User | undefined> {
      const claims = await sessionClaims(request);
      // Status is the routes' business (each answers an inactive account in its own words).
      return claims && sessions.userOf(claims.sid, claims.userId);
    }

    app.decorate("sessionUser", liveUser);

    // Tokens whose signature and claims this process checked, for the hot reads: a token is a
    // string the key signed, so the same string is as good until its `exp` (issue 36).
    const checkedTokens = new Map<string, { claims: SessionClaims & { exp: number } }>();
    function checkedClaims(request: FastifyRequest) {
      let token: string;
      try {
        token = app.jwt.lookupToken(request);
      } catch {
        return undefined;
      }
      const now = Date.now();
      let checked = checkedTokens.get(token);
      if (!checked || checked.claims.exp * 1000 <= now) {
        if (checked) checkedTokens.delete(token);
        let decoded: SessionClaims & { exp: number };
        try {
          decoded = app.jwt.verify<SessionClaims & { exp: number }>(token);
        } catch {
          return undefined;
        }
        if (!claimsSchema.safeParse(decoded).success) return undefined;
        if (checkedTokens.size >= CHECKED_TOKENS_KEPT) checkedTokens.clear();
        checked = { claims: decoded };
        checkedTokens.set(token, checked);
      }
      request.user = checked.claims;
      return checked.claims;
    }

    app.decorate("readSession", async (request: FastifyRequest) => {
      const claims = checkedClaims(request);
      if (!claims) return undefined;
      return sessionReads.get(claims.sid, claims.userId, async () => {
        const user = await sessions.userOf(claims.sid, claims.userId);
        return user && { user };
      });
    });

    // What a write changes, the hot reads forget before it is answered (here and, through Redis,
    // in every gateway): a signed-in account's own writes (sign-out everywhere, leaving or joining
    // a team...) its sessions; organizers' writes (disabling, demoting, removing a member,
    // dissolving a team...), an owner removing a member, a password reset and a GitHub sign-in
    // (which may end a squatter's sessions) every session. Sign-out forgets its own (endSession).
    // Anything else (a change made in the database or by a command) waits out the TTL.
    app.addHook("onSend", async (request) => {
      const read =
        request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS";
      // The route's template, not the URL as sent (which may spell a path in escapes).
      const route = request.routeOptions.url ?? "";
      if (
        route === "/api/auth/github/callback" ||
        (!read && (route.startsWith("/api/admin/") || FORGET_ALL_AFTER.has(route)))
      )
        sessionReads.forgetAll();
      else if (!read && request.account) sessionReads.forgetUser(request.account.id);
    });
    app.addHook("onClose", () => sessionReads.close());

    app.decorate("authenticate", async (request: FastifyRequest) => {
      const user = await liveUser(request);
      if (!user) throw unauthorized("auth.required", "Authentication required. Please log in.");
      request.account = user;
    });

    app.decorate("requireAdmin", async (request: FastifyRequest) => {
      await app.authenticate(request);
      if (!request.account.adminAccess)
        throw forbidden("auth.admin_required", "Admin access required.");
    });

    app.decorate("issueSession", async (reply: FastifyReply, user: User, rememberMe: boolean) => {
      // Every way in (password, GitHub, demo, reset) ends here: a disabled account gets none.
      if (user.status === ACCOUNT_DISABLED)
        throw forbidden("auth.account_disabled", ACCOUNT_DISABLED_MESSAGE);
      const maxAge = (rememberMe ? 7 : 1) * DAY_SECONDS;
      const sid = await sessions.create(user.id, new Date(Date.now() + maxAge * 1000));
      const token = await reply.jwtSign(
        { userId: user.id, sid, status: user.status, admin_access: user.adminAccess },
        { expiresIn: maxAge },
      );
      reply.setCookie(SESSION_COOKIE, token, {
        path: "/",
        httpOnly: true,
        sameSite: "strict",
        secure: secureCookie,
        maxAge,
      });
      return token;
    });

    app.decorate("clearSession", (reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, { path: "/", secure: secureCookie });
    });

    app.decorate("endSession", async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await request.jwtVerify();
        const claims = claimsSchema.safeParse(request.user);
        if (claims.success) {
          await sessions.end(claims.data.sid);
          sessionReads.forgetSession(claims.data.sid);
        }
      } catch {
        // An invalid or expired token has no session left to end.
      }
      app.clearSession(reply);
    });
  },
  { name: "auth", dependencies: [] },
);
