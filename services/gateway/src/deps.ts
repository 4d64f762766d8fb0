import { join } from "node:path";
import { allChallenges } from "@tandem/competition/server";
import type { Database } from "@tandem/db";
import { createRevealsRepository } from "@tandem/db";
import {
  type CompetitionSource,
  createCompetitionSource,
  createRankingsFreshness,
  type RankingsCache,
  type RankingsFreshness,
  replayFeedback,
} from "@tandem/jobs";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { AppConfig } from "./config";
import type { ScoringDispatcher } from "./dispatch/dispatcher";
import { createMailer, type Mailer } from "./lib/mailer";
import {
  type AnnouncementBanner,
  createAnnouncementBanner,
} from "./modules/admin/announcements/announcements.banner";
import { createAnnouncementsRepository } from "./modules/admin/announcements/announcements.repository";
import { createRevealService, type RevealService } from "./modules/admin/reveal/reveal.service";
import { createFinishedJobCleaner } from "./modules/admin/submissions/rescore.queue";
import {
  createRescoreService,
  type RescoreService,
} from "./modules/admin/submissions/rescore.service";
import {
  createDefinitionService,
  type DefinitionService,
} from "./modules/competition/definition.service";
import {
  createRankingsService,
  type RankingsService,
} from "./modules/leaderboard/rankings.service";
import { createSettingsService, type SettingsService } from "./modules/settings/settings.service";

/** What the caller of `buildApp` hands in, made ready: server.ts, services/embedded, the tests. */
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

/**
 * What every module's plugin is registered with (`api.register(teamsModule, deps)`): the process's
 * handles and the few services that hold state several modules share (caches, the reveal). A
 * module builds its own repositories from `db`; a service goes here only when two modules need
 * the same instance.
 */
export interface GatewayDeps {
  config: AppConfig;
  db: Database;
  /** The app's logger, with its serializers and redactions. */
  log: FastifyBaseLogger;
  dispatcher: ScoringDispatcher;
  readyChecks: Record<string, () => Promise<void>>;
  redis?: Redis;
  mailer: Mailer;
  /** The active competition definition (re-read at most once a second, ADR 0014). */
  competition: CompetitionSource;
  /** The organizers' settings over the config, in force without a restart (cached ~1 s). */
  settings: SettingsService;
  /** "Is it revealed?" for every module that shows a score (ADR 0009). */
  reveal: RevealService;
  rankings: RankingsService;
  /** After anything that feeds the rankings: the cached rankings catch up (ADR 0021). */
  rankingsChanged: () => Promise<unknown>;
  definitions: DefinitionService;
  /** The organizers' rescore; a definition edit rescores a challenge through it too. */
  rescore: RescoreService;
  /** The announcement banner every page shows, cached; an organizer's change invalidates it. */
  banner: AnnouncementBanner;
}

/** Builds the shared dependencies once; what must stop with the app is stopped by `app`'s close. */
export function buildGatewayDeps(app: FastifyInstance, input: AppDeps): GatewayDeps {
  const { config, db } = input;
  const mailer =
    input.mailer ??
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: join(config.dataDir, "outbox"),
      logger: input.logger || undefined,
    });
  const competition =
    input.competition ??
    createCompetitionSource({
      db,
      environment: config.competitionWindow,
      onStale: (err) => app.log.warn({ err }, "competition definition not re-read; last one kept"),
    });
  const freshness =
    input.rankingsFreshness ?? freshInProcess(app, db, input.rankingsCache, competition);
  const rankings = createRankingsService({ db, cache: input.rankingsCache, freshness });
  const rankingsChanged = () => freshness.changed();
  const reveal = createRevealService({
    reveals: createRevealsRepository({ db }),
    // Practice scores are shown from the private part from now on, under the same policy.
    onRevealed: () => replayFeedback(db, allChallenges(), { replay: false }).then(() => {}),
  });
  const isRevealed = () => reveal.isRevealed();
  // BullMQ keeps a finished job under its submission's id: a rescore removes it first.
  const finishedJobs = config.redisUrl
    ? createFinishedJobCleaner({ redisUrl: config.redisUrl, prefix: config.queuePrefix })
    : undefined;
  if (finishedJobs) app.addHook("onClose", () => finishedJobs.close());
  const settings = createSettingsService({
    db,
    competition,
    defaults: { ...(config.submissionsPerDay ? { dailyLimit: config.submissionsPerDay } : {}) },
    isRevealed,
  });
  const rescore = createRescoreService({
    db,
    dispatcher: input.dispatcher,
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
  return {
    config,
    db,
    log: app.log,
    dispatcher: input.dispatcher,
    readyChecks: input.readyChecks,
    ...(input.redis ? { redis: input.redis } : {}),
    mailer,
    competition,
    settings,
    reveal,
    rankings,
    rankingsChanged,
    definitions,
    rescore,
    banner: createAnnouncementBanner({ announcements: createAnnouncementsRepository({ db }) }),
  };
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
