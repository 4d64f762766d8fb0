import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { allChallenges } from "@tandem/competition/server";
import type { Database } from "@tandem/db";
import { createRevealsRepository, createTestSetStore, loadCurrentBaselineParts } from "@tandem/db";
import {
  type CompetitionSource,
  createCompetitionSource,
  createRankingsFreshness,
  type RankingsCache,
  type RankingsFreshness,
  replayFeedback,
  withLogSafety,
} from "@tandem/jobs";
import { createTestSetCache } from "@tandem/scoring";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import helmet from "helmet";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { AppConfig } from "./config";
import type { ScoringDispatcher } from "./dispatch/dispatcher";
import { createMailer, type Mailer } from "./lib/mailer";
import { limitArgon2 } from "./lib/passwords";
import { createSessionReads } from "./lib/session-reads";
import { adminScope } from "./modules/admin";
import { createAnnouncementBanner } from "./modules/admin/announcements/announcements.banner";
import { createAnnouncementsRepository } from "./modules/admin/announcements/announcements.repository";
import { announcementRoutes } from "./modules/admin/announcements/announcements.routes";
import { announcementSweepsPlugin } from "./modules/admin/announcements/announcements.sweeps.plugin";
import { adminAuditLogRoutes } from "./modules/admin/audit/audit-log.routes";
import { createExportsRepository } from "./modules/admin/exports/exports.repository";
import { exportRoutes } from "./modules/admin/exports/exports.routes";
import { adminInvitationsRoutes } from "./modules/admin/organizers/invitations.routes";
import { adminOverviewRoutes } from "./modules/admin/overview/overview.routes";
import { adminStatsRoutes } from "./modules/admin/overview/stats.routes";
import { adminRoutes } from "./modules/admin/reveal/reveal.routes";
import { createRevealService } from "./modules/admin/reveal/reveal.service";
import { createAdminSubmissionsRepository } from "./modules/admin/submissions/admin-submissions.repository";
import { adminSubmissionRoutes } from "./modules/admin/submissions/admin-submissions.routes";
import { createFinishedJobCleaner } from "./modules/admin/submissions/rescore.queue";
import { rescoreRoutes } from "./modules/admin/submissions/rescore.routes";
import { createRescoreService } from "./modules/admin/submissions/rescore.service";
import { adminTeamsRoutes } from "./modules/admin/teams/admin-teams.routes";
import { adminUsersRoutes } from "./modules/admin/users/admin-users.routes";
import { authRoutes, sessionRoutes } from "./modules/auth/auth.routes";
import { createAuthCodesRepository } from "./modules/auth/auth-codes.repository";
import { emailVerificationRoutes } from "./modules/auth/email-verification.routes";
import { createEmailVerificationsRepository } from "./modules/auth/email-verifications.repository";
import { githubRoutes } from "./modules/auth/github.routes";
import { createOrganizerAccess } from "./modules/auth/organizer-access";
import { passwordResetRoutes } from "./modules/auth/password-reset.routes";
import { createPasswordResetsRepository } from "./modules/auth/password-resets.repository";
import { createSessionsRepository } from "./modules/auth/sessions.repository";
import { createUsersRepository } from "./modules/auth/users.repository";
import { competitionRoutes } from "./modules/competition/competition.routes";
import { competitionAdminRoutes } from "./modules/competition/competition-admin.routes";
import {
  competitionDefinitionAdminRoutes,
  competitionDefinitionRoutes,
} from "./modules/competition/definition.routes";
import { createDefinitionService } from "./modules/competition/definition.service";
import { publicConfigRoutes } from "./modules/config/public-config.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { createHubTokenSigner } from "./modules/jupyter/hub-token";
import { jupyterRoutes } from "./modules/jupyter/jupyter.routes";
import { leaderboardRoutes } from "./modules/leaderboard/leaderboard.routes";
import { createRankingsService } from "./modules/leaderboard/rankings.service";
import { createActivationNoticesRepository } from "./modules/notifications/activation-notices.repository";
import { activationNoticeSweepsPlugin } from "./modules/notifications/activation-notices.sweeps.plugin";
import { notificationSweepsPlugin } from "./modules/notifications/notification-sweeps.plugin";
import { createNotificationsRepository } from "./modules/notifications/notifications.repository";
import { notificationRoutes } from "./modules/notifications/notifications.routes";
import { unsubscribeRoutes } from "./modules/notifications/unsubscribe.routes";
import { sdkAuthRoutes } from "./modules/sdk-auth/sdk-auth.routes";
import { settingsRoutes } from "./modules/settings/settings.routes";
import { createSettingsService } from "./modules/settings/settings.service";
import { statusRoutes } from "./modules/status/status.routes";
import { finalSelectionRoutes } from "./modules/submissions/final-selection.routes";
import { createSubmissionsRepository } from "./modules/submissions/submissions.repository";
import { submissionRoutes } from "./modules/submissions/submissions.routes";
import { createTeamsRepository } from "./modules/teams/teams.repository";
import { teamRoutes } from "./modules/teams/teams.routes";
import { authPlugin } from "./plugins/auth";
import { csrfPlugin } from "./plugins/csrf";
import { errorHandlerPlugin, frameworkErrors } from "./plugins/error-handler";
import { metricsPlugin } from "./plugins/metrics";
import { openApiPlugin, tagged } from "./plugins/openapi";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { teamAuthPlugin } from "./plugins/team-auth";
import { webStaticPlugin } from "./plugins/web-static";

export interface AppDeps {
  config: AppConfig;
  db: Database;
  dispatcher: ScoringDispatcher;
  /** Readiness checks by name (database, redis...). */
  readyChecks: Record<string, () => Promise<void>>;
  logger: Logger | false;
  /** Shared rate-limit store for several gateways; in-memory without it. */
  redis?: Redis;
  /** Defaults to SMTP_URL, or the outbox folder under DATA_DIR. */
  mailer?: Mailer;
  /** Shared with the scoring worker: Redis in production, memory in embedded mode. */
  rankingsCache: RankingsCache;
  /**
   * How the cached rankings catch up with a change (ADR 0021). Production passes `marked` (the
   * workers rebuild; a rebuild would hold up this process's requests); by default (tests) this
   * process rebuilds in-process, coalesced with every other, before the change is answered.
   */
  rankingsFreshness?: RankingsFreshness;
  /** The active competition definition; by default read from `db` with the config's overrides. */
  competition?: CompetitionSource;
}

const { version } = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
) as { version: string };

/** The request body limit of every route that does not set its own. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Builds the gateway from ready-made dependencies; it never listens (server.ts does). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    // Whichever logger the caller built gets the gateway's serializers (no secret query values,
    // no database parameters) and redactions.
    ...(deps.logger
      ? { loggerInstance: withLogSafety(deps.logger) as FastifyBaseLogger }
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
  const sessions = createSessionsRepository({ db });
  const sessionReads = createSessionReads({
    ttlMs: config.sessionReadCacheMs,
    redis: deps.redis,
    channel: `${config.queuePrefix}:session-reads`,
    onError: (err) => app.log.warn({ err }, "session reads: invalidation channel error"),
  });
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    sessions,
    sessionReads,
    publicUrl: config.publicUrl,
  });
  await app.register(csrfPlugin, { publicUrl: config.publicUrl });
  limitArgon2(config.argon2Concurrency);
  await app.register(rateLimitPlugin, {
    redis: deps.redis,
    prefix: config.queuePrefix,
    windowMs: config.rateLimit.windowMs,
    perIp: config.rateLimit.authPerIp,
    perEmail: config.rateLimit.authPerEmail,
    notFoundPerIp: config.rateLimit.notFoundPerIp,
    failures: config.rateLimit.failures,
    publicUrl: config.publicUrl,
  });
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: join(config.dataDir, "outbox"),
      logger: deps.logger || undefined,
    });

  // Every request sees the active definition (re-read at most once a second, ADR 0014).
  const competition =
    deps.competition ??
    createCompetitionSource({
      db,
      environment: config.competitionWindow,
      onStale: (err) => app.log.warn({ err }, "competition definition not re-read; last one kept"),
    });
  // Liveness does no I/O; the static files and pages read the definition themselves if needed.
  app.addHook("onRequest", async (request) => {
    const path = request.url;
    if (!path.startsWith("/api/") || /^\/api\/(health|ready)\b/.test(path)) return;
    await competition.current();
  });

  const users = createUsersRepository({ db });
  const teams = createTeamsRepository({ db });
  const submissions = createSubmissionsRepository({ db });
  const freshness =
    deps.rankingsFreshness ?? freshInProcess(app, db, deps.rankingsCache, competition);
  const rankings = createRankingsService({ db, cache: deps.rankingsCache, freshness });
  const rankingsChanged = () => freshness.changed();
  const reveal = createRevealService({
    reveals: createRevealsRepository({ db }),
    // Practice scores are shown from the private part from now on, under the same policy.
    onRevealed: () => replayFeedback(db, allChallenges(), { replay: false }).then(() => {}),
  });
  const isRevealed = () => reveal.isRevealed();
  const notifications = createNotificationsRepository({ db });
  // BullMQ keeps a finished job under its submission's id: a rescore removes it first.
  const finishedJobs = config.redisUrl
    ? createFinishedJobCleaner({ redisUrl: config.redisUrl, prefix: config.queuePrefix })
    : undefined;
  if (finishedJobs) app.addHook("onClose", () => finishedJobs.close());
  // The organizers' settings over the config, in force without a restart (cached ~1 s).
  const settings = createSettingsService({
    db,
    competition,
    defaults: { ...(config.submissionsPerDay ? { dailyLimit: config.submissionsPerDay } : {}) },
    isRevealed,
  });
  // The organizers' switch (issue 31): a verified address before creating or joining a team.
  const requireVerifiedEmail = async () => (await settings.current()).requireVerifiedEmail;
  const rules = () => settings.current();
  const rescore = createRescoreService({
    db,
    dispatcher: deps.dispatcher,
    rankings,
    ...(finishedJobs ? { clearFinishedJob: finishedJobs.clear } : {}),
    logger: app.log,
  });
  const definitions = createDefinitionService({
    db,
    competition,
    isRevealed,
    rescoreChallenge: (actor, key) => rescore.rescoreChallenge(actor, key, "competition-edit"),
    onChanged: rankingsChanged,
  });
  const announcements = createAnnouncementsRepository({ db });
  const banner = createAnnouncementBanner({ announcements });
  const authCodes = createAuthCodesRepository({ db });
  const authOptions = {
    users,
    sessions,
    authCodes,
    organizerAccess: createOrganizerAccess({ db, organizerCode: config.organizerCode }),
    demoLogin: config.demoLogin,
  };
  // Public facts only (ADR 0021): this process never reads a hidden answer.
  const getTestSet = createTestSetCache(createTestSetStore({ db }));
  const hub =
    config.jupyterhubUrl && config.jupyterSigningKey
      ? { url: config.jupyterhubUrl, signer: createHubTokenSigner(config.jupyterSigningKey) }
      : undefined;
  await app.register(teamAuthPlugin, { teams });

  await app.register(
    async (api) => {
      await api.register(tagged("Health", healthRoutes), { checks: deps.readyChecks });
      await api.register(tagged("Competition", competitionRoutes), { db });
      await api.register(tagged("Competition", competitionDefinitionRoutes), { definitions });
      await api.register(tagged("Competition", statusRoutes), { db });
      await api.register(tagged("Competition", publicConfigRoutes), {
        deployment: {
          github_enabled: Boolean(config.github),
          demo_login_enabled: config.demoLogin,
          jupyterhub_url: config.jupyterhubUrl ?? null,
        },
        settings,
        banner,
      });
      await api.register(tagged("Accounts", authRoutes), authOptions);
      await api.register(tagged("Accounts", sessionRoutes), authOptions);
      await api.register(tagged("Accounts", passwordResetRoutes), {
        users,
        sessions,
        resets: createPasswordResetsRepository({ db }),
        mailer,
        publicUrl: config.publicUrl,
      });
      await api.register(tagged("Accounts", emailVerificationRoutes), {
        verifications: createEmailVerificationsRepository({ db }),
        mailer,
        publicUrl: config.publicUrl,
      });
      await api.register(tagged("Accounts", notificationRoutes), { notifications });
      await api.register(tagged("Accounts", unsubscribeRoutes), {
        announcements,
        secret: config.jwtSecret,
        publicUrl: config.publicUrl,
      });
      if (config.github) {
        await api.register(tagged("Accounts", githubRoutes), {
          github: config.github,
          publicUrl: config.publicUrl,
          users,
          teams,
          authCodes,
        });
      } else {
        await api.register(
          tagged("Accounts", async (scope) => {
            scope.get("/auth/github/authorize", async (_request, reply) =>
              reply.redirect("/login?error=github"),
            );
          }),
        );
      }
      await api.register(tagged("Teams", teamRoutes), {
        teams,
        encryptionKey: config.apiKeyEncryptionKey,
        totalScoreOf: (teamId: string) => rankings.totalScoreOf(teamId),
        onTeamsChanged: rankingsChanged,
        maxMembers: config.teamMaxMembers,
        requireVerifiedEmail,
      });
      await api.register(tagged("Team API key", sdkAuthRoutes), {
        db,
        encryptionKey: config.apiKeyEncryptionKey,
        requireVerifiedEmail,
      });
      await api.register(tagged("Leaderboards", leaderboardRoutes), { rankings, db, teams });
      await api.register(tagged("JupyterHub", jupyterRoutes), { users, teams, hub });
      await api.register(tagged("Submissions", submissionRoutes), {
        submissions,
        getTestSet,
        dispatcher: deps.dispatcher,
        rules,
        waitMs: config.submitWaitMs,
        bodyLimitBytes: config.bodyLimitBytes,
        submitPerTeam: config.submitPerTeam,
        rateLimitWindowMs: config.rateLimit.windowMs,
        parseThreads: config.submissionParseThreads,
        intakeSlots: config.submissionIntakeSlots,
        bodiesRead: config.submissionBodiesRead,
        bodyDeadlines: config.submitBodyDeadlines,
        isRevealed,
        baselines: () => loadCurrentBaselineParts(db),
        standing: (teamId: string) => rankings.standingOf(teamId),
      });
      await api.register(tagged("Submissions", finalSelectionRoutes), {
        submissions,
        getTestSet,
        rules,
        isRevealed,
        onFinalChanged: rankingsChanged,
      });
      // Organizers only: one requireAdmin hook for every route registered in this scope.
      await api.register(
        adminScope(async (admin) => {
          await admin.register(tagged("Competition", competitionAdminRoutes), {
            db,
            teams,
            onTeamsChanged: rankingsChanged,
          });
          await admin.register(tagged("Organizers", adminRoutes), {
            reveal,
            rankings,
            competition,
            db,
          });
          await admin.register(tagged("Organizers", adminOverviewRoutes), { db });
          await admin.register(tagged("Organizers", adminStatsRoutes), { db, settings });
          await admin.register(tagged("Organizers", adminTeamsRoutes), {
            db,
            encryptionKey: config.apiKeyEncryptionKey,
            onTeamsChanged: rankingsChanged,
          });
          await admin.register(tagged("Organizers", adminUsersRoutes), { db });
          await admin.register(tagged("Organizers", adminInvitationsRoutes), {
            db,
            organizerCodeEnabled: config.organizerCode !== undefined,
          });
          await admin.register(tagged("Organizers", adminAuditLogRoutes), { db });
          await admin.register(tagged("Organizers", settingsRoutes), {
            settings,
            onRankingsChanged: rankingsChanged,
          });
          await admin.register(tagged("Organizers", announcementRoutes), { announcements, banner });
          const adminSubmissions = createAdminSubmissionsRepository({ db });
          await admin.register(tagged("Organizers", adminSubmissionRoutes), {
            adminSubmissions,
            submissions,
          });
          await admin.register(tagged("Organizers", competitionDefinitionAdminRoutes), {
            definitions,
          });
          await admin.register(tagged("Organizers", rescoreRoutes), {
            rescore,
            adminSubmissions,
            submissions,
            waitMs: config.submitWaitMs,
          });
          await admin.register(tagged("Organizers", exportRoutes), {
            rankings,
            exports: createExportsRepository({ db }),
            adminSubmissions,
          });
        }),
      );
    },
    { prefix: "/api" },
  );

  // Mails about failed or late submissions and the daily digests, swept from every gateway.
  await app.register(notificationSweepsPlugin, {
    intervalSeconds: config.notifications.sweepSeconds,
    notifications,
    mailer,
    isRevealed,
    publicUrl: config.publicUrl,
    settings: config.notifications,
  });

  // Announcement e-mails, in batches, swept from every gateway like the notifications.
  await app.register(announcementSweepsPlugin, {
    intervalSeconds: config.notifications.sweepSeconds,
    announcements,
    mailer,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
  });

  // Activation decisions (issue 33), mailed to the team's members like the notices above.
  await app.register(activationNoticeSweepsPlugin, {
    intervalSeconds: config.notifications.sweepSeconds,
    notices: createActivationNoticesRepository({ db }),
    mailer,
    publicUrl: config.publicUrl,
  });

  await app.register(webStaticPlugin, {
    staticDir: config.staticDir,
    webDistDir: config.webDistDir,
    // Every page arrives with the definition it renders (ADR 0014): no request before it shows.
    publicCompetition: () => definitions.publicView(),
  });
  return app;
}

/** Rankings rebuilt here after each change, coalesced with every process's (tests' default). */
function freshInProcess(
  app: FastifyInstance,
  db: Database,
  cache: RankingsCache,
  competition: CompetitionSource,
) {
  const freshness = createRankingsFreshness({
    db,
    cache,
    mode: "in-process",
    logger: app.log,
    // The rankings list the active definition's domains and challenges.
    beforeRebuild: () => competition.current(),
  });
  app.addHook("onClose", () => freshness.stop());
  return freshness;
}
