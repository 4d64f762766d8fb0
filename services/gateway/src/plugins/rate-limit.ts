import { randomBytes } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import { MESSAGES } from "@tandem/contracts";
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { HttpError } from "../lib/http-error";
import { createPasswordAttempts, type PasswordAttemptLimits } from "./password-attempts";

/**
 * A browser that has given an account's right password: its failures count against its own
 * budget, not the account-wide one a stranger can spend (password-attempts.ts). A random id,
 * meaningful only where the server remembered it beside an account.
 */
export const DEVICE_COOKIE = "tandem_device";
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const DEVICE_MAX_AGE = 90 * 86_400;

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler hooks limiting a sensitive route per client IP and per e-mail in the body. */
    authLimits(group: string, options?: { perEmail?: boolean }): preHandlerHookHandler[];
    /** Throws 429 once a client IP has asked for too many paths that do not exist. */
    limitNotFound(request: FastifyRequest): Promise<void>;
    /**
     * Runs a secret check (a password, the organizer code) under the shared failure budget:
     * 429 while a hold is on; `check` answers whether the secret was right, and only a wrong
     * one counts. `account` is the e-mail the secret belongs to, if any.
     */
    guardSecret(
      request: FastifyRequest,
      account: string | undefined,
      check: () => Promise<boolean>,
    ): Promise<boolean>;
  }
}

export interface RateLimitOptions {
  /** Shared store for several gateways; in-memory without it (embedded mode). */
  redis: Redis | undefined;
  prefix: string;
  windowMs: number;
  perIp: number;
  perEmail: number;
  notFoundPerIp: number;
  failures: Omit<PasswordAttemptLimits, "windowMs">;
  /** https here makes the device cookie Secure, as the session cookie is. */
  publicUrl?: string;
}

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
}

type Check = ReturnType<FastifyInstance["createRateLimit"]>;

async function enforce(check: Check, request: FastifyRequest): Promise<void> {
  const limit = await check(request);
  if (!limit.isAllowed && limit.isExceeded) {
    const seconds = Math.max(1, limit.ttlInSeconds);
    throw new HttpError(429, "rate_limited", MESSAGES.rateLimited(seconds), undefined, {
      retryAfterSeconds: seconds,
    });
  }
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitOptions) => {
    await app.register(rateLimit, {
      global: false,
      ...(options.redis ? { redis: options.redis } : {}),
      nameSpace: `${options.prefix}:ratelimit:`,
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          429,
          "rate_limited",
          MESSAGES.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
        ),
      skipOnError: true,
    });

    // One hook running both checks: the plugin's own route hooks run at most once per
    // request, so stacking two would silently skip the second.
    app.decorate("authLimits", (group: string, limits: { perEmail?: boolean } = {}) => {
      const byIp = app.createRateLimit({
        max: options.perIp,
        timeWindow: options.windowMs,
        keyGenerator: (request) => `${group}:ip:${request.ip}`,
      });
      const byEmail = app.createRateLimit({
        max: options.perEmail,
        timeWindow: options.windowMs,
        // Requests without an e-mail share one bucket per IP instead of bypassing the limit.
        keyGenerator: (request) => `${group}:email:${emailOf(request) || request.ip}`,
      });
      const hook: preHandlerHookHandler = async (request) => {
        for (const check of limits.perEmail === false ? [byIp] : [byIp, byEmail]) {
          await enforce(check, request);
        }
      };
      return [hook];
    });

    const attempts = createPasswordAttempts(
      { windowMs: options.windowMs, ...options.failures },
      { redis: options.redis, prefix: options.prefix },
    );
    const refuse = (waitMs: number) => {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      return new HttpError(429, "rate_limited", MESSAGES.rateLimited(seconds), undefined, {
        retryAfterSeconds: seconds,
      });
    };
    const newDevices = new WeakMap<FastifyRequest, string>();
    app.decorate(
      "guardSecret",
      async (
        request: FastifyRequest,
        account: string | undefined,
        check: () => Promise<boolean>,
      ) => {
        const cookie = request.cookies?.[DEVICE_COOKIE];
        const source = {
          ip: request.ip,
          device: cookie && DEVICE_ID.test(cookie) ? cookie : undefined,
        };
        // Counted before argon2 runs, so guesses sent at once are held as if sent in turn.
        const attempt = await attempts.reserve(source, account);
        if (!attempt.ok) throw refuse(attempt.waitMs);
        let ok = false;
        try {
          ok = await check();
        } finally {
          await attempt.settle(ok);
        }
        if (ok && account) {
          const device = source.device ?? randomBytes(16).toString("base64url");
          await attempts.remember({ ...source, device }, account);
          newDevices.set(request, device);
        }
        return ok;
      },
    );
    const secure = options.publicUrl?.startsWith("https:") ?? false;
    app.addHook("onSend", async (request, reply) => {
      const device = newDevices.get(request);
      if (!device) return;
      reply.setCookie(DEVICE_COOKIE, device, {
        path: "/api",
        httpOnly: true,
        sameSite: "strict",
        secure,
        maxAge: DEVICE_MAX_AGE,
      });
    });

    const notFoundByIp = app.createRateLimit({
      max: options.notFoundPerIp,
      timeWindow: options.windowMs,
      keyGenerator: (request) => `notfound:ip:${request.ip}`,
    });
    app.decorate("limitNotFound", (request: FastifyRequest) => enforce(notFoundByIp, request));
  },
  { name: "rate-limit", dependencies: [] },
);
