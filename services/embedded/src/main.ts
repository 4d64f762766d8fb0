import {
  datasetStates,
  fillMissingSplits,
  fillTestSets,
  findBaselinePython,
  fitOf,
  generateDatasets,
  measureBaselines,
} from "@tandem/datasets";
import { createDatabase, loadOrCreateSecrets, runMigrations } from "@tandem/db";
import {
  ADMIN_EMAIL_FORM_MESSAGE,
  ADMIN_REFUSED_MESSAGE,
  buildApp,
  ensureAdmin,
} from "@tandem/gateway";
import {
  createCompetitionSource,
  createLogger,
  createMemoryStore,
  createRankingsCache,
  createRankingsFreshness,
  markSubmissionFailed,
} from "@tandem/jobs";
import { createRankingProcessor } from "@tandem/scoring-worker";
import { loadEmbeddedConfig } from "./config";
import { createInlineDispatcher, resumeUnfinished } from "./inline-dispatcher";
import { listeningMessage } from "./listen-address";
import { closeOnSignals } from "./shutdown";

/**
 * Embedded mode (docs/architecture.md#embedded-mode): one process, PGlite under DATA_DIR,
 * scoring in-process. The composition root is the only place that knows both the gateway and the
 * worker.
 */
const embedded = loadEmbeddedConfig(process.env, loadOrCreateSecrets);
const config = embedded.gateway;
const logger = createLogger(config.logLevel, "tandem");
const database = await createDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  // A crashed predecessor's lock on the data folder expires within 10 s.
  lockWaitMs: 12_000,
});
await runMigrations(database);

// One view of the active definition for the gateway and the in-process scoring alike, read
// before the data: the domains to generate are the active definition's.
const competition = createCompetitionSource({
  db: database.db,
  environment: config.competitionWindow,
});
await competition.current();

// The data comes from this install's own secret seed, so no two installs share answers.
// Domains without a generator get theirs from an import (competition:import, data:import).
const states = await datasetStates(database.db, config.staticDir);
const toGenerate = Object.keys(states).filter((slug) => {
  if (!fitOf(slug).ok) return false;
  if (states[slug] === "legacy") {
    logger.warn(
      { domain: slug },
      "datasets made by an earlier version from the repository's public seed; regenerating them from this install's secret seed",
    );
  }
  return states[slug] === "missing" || states[slug] === "legacy";
});
const dataSeed = embedded.dataSeed;
if (toGenerate.length > 0) {
  const scale = embedded.dataScale;
  logger.info({ staticDir: config.staticDir, scale, domains: toGenerate }, "generating datasets");
  await generateDatasets({
    db: database.db,
    staticDir: config.staticDir,
    seed: dataSeed,
    scale,
    domains: toGenerate,
  });
}
// Answers stored before the public/private split (ADR 0009) get theirs from this install's seed.
const splitFilled = await fillMissingSplits(database.db, dataSeed);
if (splitFilled.length > 0) logger.info({ challenges: splitFilled }, "public/private split stored");
// Answers loaded before ADR 0021 get their public test set: intake validates against it.
const testSetsFilled = await fillTestSets(database.db);
if (testSetsFilled.length > 0)
  logger.info({ challenges: testSetsFilled }, "public test sets stored");

const admin = await ensureAdmin(database.db, config.admin);
if (admin?.refused) {
  logger.error(
    { email: admin.email },
    admin.reason === "email_form" ? ADMIN_EMAIL_FORM_MESSAGE : ADMIN_REFUSED_MESSAGE,
  );
}
if (admin?.generatedPassword) {
  // Printed once, on the start that created the account; it is stored only as a hash.
  console.log(
    `\n  Admin account created:\n    email:    ${admin.email}\n    password: ${admin.generatedPassword}\n  Keep it: it will not be shown again.\n`,
  );
}

// One process: the rankings cache is memory shared by the gateway and the processor, and so is
// who rebuilds it: this process, for every change, before the change is answered (ADR 0021).
const rankingsCache = createRankingsCache(createMemoryStore(), "embedded");
const rankings = createRankingsFreshness({
  db: database.db,
  cache: rankingsCache,
  mode: "in-process",
  logger,
  // The rankings list the active definition's domains and challenges.
  beforeRebuild: () => competition.current(),
});
const dispatcher = createInlineDispatcher({
  process: createRankingProcessor({
    db: database.db,
    rankings,
    logger,
    dataSeed,
    competition,
  }),
  markFailed: (id) => markSubmissionFailed(database.db, id),
  logger,
});

await resumeUnfinished(database.db, dispatcher);

const app = await buildApp({
  config,
  db: database.db,
  competition,
  dispatcher,
  readyChecks: { database: database.ping },
  logger,
  rankingsCache,
  rankingsFreshness: rankings,
});

closeOnSignals(logger, async ({ signal, err }) => {
  if (err) logger.error({ err }, "crashed");
  logger.info({ signal }, "stopping");
  await app.close();
  await dispatcher.close();
  await rankings.stop();
  await database.close();
  logger.info("stopped");
});

await app.listen({ host: config.host, port: config.port });
logger.info(listeningMessage(config.host, config.port));

// Baselines of fresh data: the notebooks run in the background (a minute at full size), and the
// leaderboards show their rows once they are stored.
if (toGenerate.length > 0) void measureFreshBaselines(toGenerate);

async function measureFreshBaselines(slugs: string[]): Promise<void> {
  const python = await findBaselinePython(embedded.baselinePython);
  if (!python) {
    logger.warn(
      "baselines not measured: no Python with pandas, numpy and scikit-learn (set BASELINE_PYTHON, then run `npm run data:baselines` with the server stopped)",
    );
    return;
  }
  try {
    for (const slug of slugs) {
      const outcomes = await measureBaselines(database.db, config.staticDir, slug, python);
      for (const outcome of outcomes) {
        if (outcome.ok) logger.info({ challenge: outcome.key, value: outcome.value }, "baseline");
        else logger.warn({ challenge: outcome.key, error: outcome.error }, "baseline not measured");
      }
    }
    await rankings.changed();
  } catch (err) {
    logger.error({ err }, "measuring the baselines failed");
  }
}
