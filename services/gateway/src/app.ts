import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { loadCurrentBaselines } from "@tandem/db";
import { withLogSafety } from "@tandem/jobs";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import helmet from "helmet";
import { type AppDeps, buildGatewayDeps } from "./deps";
import { limitArgon2 } from "./lib/passwords";
import { createSessionReads } from "./lib/session-reads";
import { closeUnusedConnections } from "./lib/unused-connections";
import { announcementsModule } from "./modules/admin/announcements/announcements.plugin";
import { auditModule } from "./modules/admin/audit/audit.plugin";
import { exportsModule } from "./modules/admin/exports/exports.plugin";
import { organizersModule } from "./modules/admin/organizers/organizers.plugin";
import { overviewModule } from "./modules/admin/overview/overview.plugin";
import { revealModule } from "./modules/admin/reveal/reveal.plugin";
import { adminSubmissionsModule } from "./modules/admin/submissions/admin-submissions.plugin";
import { adminTeamsModule } from "./modules/admin/teams/admin-teams.plugin";
import { adminUsersModule } from "./modules/admin/users/admin-users.plugin";
import { authModule } from "./modules/auth/auth.plugin";
import { createSessionsRepository } from "./modules/auth/sessions.repository";
import {
  competitionAdminModule,
  competitionModule,
} from "./modules/competition/competition.plugin";
import { publicDomains } from "./modules/competition/competition.routes";
import { configModule } from "./modules/config/config.plugin";
import { healthModule } from "./modules/health/health.plugin";
import { jupyterModule } from "./modules/jupyter/jupyter.plugin";
import { leaderboardModule } from "./modules/leaderboard/leaderboard.plugin";
import { notificationsModule } from "./modules/notifications/notifications.plugin";
import { sdkAuthModule } from "./modules/sdk-auth/sdk-auth.plugin";
import { settingsModule } from "./modules/settings/settings.plugin";
import { statusModule } from "./modules/status/status.plugin";
import { submissionsModule } from "./modules/submissions/submissions.plugin";
import { teamsModule } from "./modules/teams/teams.plugin";
import { createTeamsRepository } from "./modules/teams/teams.repository";
import { authPlugin } from "./plugins/auth";
import { csrfPlugin } from "./plugins/csrf";
import { errorHandlerPlugin, frameworkErrors } from "./plugins/error-handler";
import { metricsPlugin } from "./plugins/metrics";
import { openApiPlugin } from "./plugins/openapi";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { teamAuthPlugin } from "./plugins/team-auth";
import { webStaticPlugin } from "./plugins/web-static";

export type { AppDeps, GatewayDeps } from "./deps";

const { version } = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
) as { version: string };

/** The request body limit of every route that does not set its own. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Builds the gateway from ready-made dependencies; it never listens (server.ts does). */
export async function buildApp(input: AppDeps): Promise<FastifyInstance> {
  const { config, db } = input;
  const app = Fastify({
    // Whichever logger the caller built gets the gateway's serializers (no secret query values,
    // no database parameters) and redactions.
    ...(input.logger
      ? { loggerInstance: withLogSafety(input.logger) as FastifyBaseLogger }
      : { logger: false }),
    // Every route but /api/submit (which declares its own, BODY_LIMIT_BYTES) takes small JSON
    // bodies: an oversized one is refused before it is read whole.
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    // A request (headers and body) that has not all arrived by then is answered 408 by Node.
    requestTimeout: config.requestTimeoutMs,
    // Believe exactly the configured number of proxy hops (the nearest ones), never more.
    trustProxy:
      config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    // A client's X-Request-Id becomes the id in every log line and job trace, so only a short
    // id of token characters is kept (a UUID, a proxy's or a tracer's id); anything else (log
    // lines forged with quotes and spaces, 10 KB copied into every line) gets a fresh UUID.
    requestIdHeader: false,
    // A URL that cannot be decoded still gets the error envelope.
    frameworkErrors,
    genReqId: (request) => {
      const sent = request.headers["x-request-id"];
      return typeof sent === "string" && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  });
  closeUnusedConnections(app);
  // JSON only: anything else is answered 415 rather than parsed as a string.
  app.removeContentTypeParser("text/plain");
  // Calls with an "empty body" (docs/product.md#site-calls: /competition/start, /auth/verify,
  // /teams/leave) often still say application/json; treat that as no body, not as malformed JSON.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    parseJson(request, text, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  // Before every route: its onResponse hook times them all.
  await app.register(metricsPlugin, { db, listen: config.metrics });
  // helmet's headers, its middleware built once: @fastify/helmet builds it again for every
  // request (parsing the policy each time, a tenth of a leaderboard read's work: issue 36).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        // Served over plain http in embedded mode; upgrading would break every asset.
        "upgrade-insecure-requests": null,
      },
    },
  });
  app.addHook("onRequest", (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  await app.register(openApiPlugin, { version, publicUrl: config.publicUrl });
  const sessionReads = createSessionReads({
    ttlMs: config.sessionReadCacheMs,
    redis: input.redis,
    channel: `${config.queuePrefix}:session-reads`,
    onError: (err) => app.log.warn({ err }, "session reads: invalidation channel error"),
  });
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    sessions: createSessionsRepository({ db }),
    sessionReads,
    publicUrl: config.publicUrl,
  });
  await app.register(csrfPlugin, { publicUrl: config.publicUrl });
  limitArgon2(config.argon2Concurrency);
  await app.register(rateLimitPlugin, {
    redis: input.redis,
    prefix: config.queuePrefix,
    windowMs: config.rateLimit.windowMs,
    perIp: config.rateLimit.authPerIp,
    perEmail: config.rateLimit.authPerEmail,
    notFoundPerIp: config.rateLimit.notFoundPerIp,
    failures: config.rateLimit.failures,
    publicUrl: config.publicUrl,
  });
  // The process's handles and the services several modules share, built once.
  const deps = buildGatewayDeps(app, input);
  const { competition } = deps;
  // Liveness does no I/O; the static files and pages read the definition themselves if needed.
  app.addHook("onRequest", async (request) => {
    const path = request.url;
    if (!path.startsWith("/api/") || /^\/api\/(health|ready)\b/.test(path)) return;
    await competition.current();
  });

  await app.register(teamAuthPlugin, { teams: createTeamsRepository({ db }) });

  // One plugin per module (modules/README.md), each building its own repositories from `deps`.
  await app.register(
    async (api) => {
      await api.register(healthModule, deps);
      await api.register(competitionModule, deps);
      await api.register(statusModule, deps);
      await api.register(configModule, deps);
      await api.register(authModule, deps);
      await api.register(notificationsModule, deps);
      await api.register(teamsModule, deps);
      await api.register(sdkAuthModule, deps);
      await api.register(leaderboardModule, deps);
      await api.register(jupyterModule, deps);
      await api.register(submissionsModule, deps);
      // The organizers' scope, the only one: its requireAdmin hook (plugins/auth.ts) runs before
      // every route's own and answers 401 `auth.required` without a live session and 403
      // `auth.admin_required` to anyone else, so no organizers' route adds a guard of its own
      // (test/admin-overview-audit.test.ts checks every route registered here).
      await api.register(async (admin) => {
        admin.addHook("onRequest", admin.requireAdmin);
        await admin.register(competitionAdminModule, deps);
        await admin.register(revealModule, deps);
        await admin.register(overviewModule, deps);
        await admin.register(adminTeamsModule, deps);
        await admin.register(adminUsersModule, deps);
        await admin.register(organizersModule, deps);
        await admin.register(auditModule, deps);
        await admin.register(settingsModule, deps);
        await admin.register(announcementsModule, deps);
        await admin.register(adminSubmissionsModule, deps);
        await admin.register(exportsModule, deps);
      });
    },
    { prefix: "/api" },
  );

  await app.register(webStaticPlugin, {
    staticDir: config.staticDir,
    webDistDir: config.webDistDir,
    // Every page arrives with the definition it renders (ADR 0014): no request before it shows.
    publicCompetition: () => deps.definitions.publicView(),
    // The domain pages are rendered per request from the same content (docs/adr/0027).
    publicDomains: () => publicDomains(() => loadCurrentBaselines(deps.db)),
    // And the leaderboards, from the bodies GET /api/leaderboard sends (docs/adr/0028).
    publicLeaderboard: (board) =>
      board === "overall" ? deps.rankings.overall() : deps.rankings.domain(board),
  });
  return app;
}
