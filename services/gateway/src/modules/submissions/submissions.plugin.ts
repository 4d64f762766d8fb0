import { createTestSetStore, loadCurrentBaselineParts } from "@tandem/db";
import { createTestSetCache } from "@tandem/scoring";
import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { tagged } from "../../plugins/openapi";
import { finalSelectionRoutes } from "./final-selection.routes";
import { createSubmissionsRepository } from "./submissions.repository";
import { submissionRoutes } from "./submissions.routes";

/** `/submit` and `/submissions/*`, with the team API key or a member's session. */
export async function submissionsModule(app: FastifyInstance, deps: GatewayDeps) {
  const { config, db, settings, rankings } = deps;
  const submissions = createSubmissionsRepository({ db });
  // Public facts only (ADR 0021): this process never reads a hidden answer.
  const getTestSet = createTestSetCache(createTestSetStore({ db }));
  const rules = () => settings.current();
  const isRevealed = () => deps.reveal.isRevealed();
  await app.register(tagged("Submissions", submissionRoutes), {
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
  await app.register(tagged("Submissions", finalSelectionRoutes), {
    submissions,
    getTestSet,
    rules,
    isRevealed,
    onFinalChanged: deps.rankingsChanged,
  });
}
