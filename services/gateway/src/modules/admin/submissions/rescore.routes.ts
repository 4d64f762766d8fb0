import { challengeByKey } from "@tandem/competition/server";
import {
  adminSubmissionDetailSchema,
  adminSubmissionParamsSchema,
  challengeRescoreParamsSchema,
  challengeRescoreProgressSchema,
  errorResponseSchema as errorSchema,
  invalidateSubmissionRequestSchema,
  requeuedResponseSchema,
  retryFailedRequestSchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { notFound } from "../../../lib/http-error";
import type { SubmissionsRepository } from "../../submissions/submissions.repository";
import type { AdminSubmissionsRepository } from "./admin-submissions.repository";
import { toAdminSubmissionDetail } from "./admin-submissions.view";
import { challengeNotFound, type RescoreService } from "./rescore.service";

export interface RescoreRoutesOptions {
  rescore: RescoreService;
  adminSubmissions: Pick<AdminSubmissionsRepository, "find">;
  submissions: Pick<SubmissionsRepository, "answersVersions">;
  /** How long a single rescore waits for its new result before answering (as /submit does). */
  waitMs: number;
}

/**
 * Rescoring (one submission, a challenge after an answer fix, the failed ones) and invalidation,
 * for the organizers. Each answers once its change and audit entry are stored.
 */
export async function rescoreRoutes(app: FastifyInstance, options: RescoreRoutesOptions) {
  const { rescore, adminSubmissions, submissions } = options;
  app.addHook("onClose", () => rescore.close());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: errorSchema, 403: errorSchema };

  async function answer(id: string) {
    const [row, versions] = await Promise.all([
      adminSubmissions.find(id),
      submissions.answersVersions(),
    ]);
    if (!row) throw notFound("admin.submission_not_found", "Submission not found");
    return toAdminSubmissionDetail(row, versions.get(row.challengeKey));
  }

  r.post(
    "/admin/submissions/:id/rescore",
    {
      schema: {
        params: adminSubmissionParamsSchema,
        response: {
          200: adminSubmissionDetailSchema,
          404: errorSchema,
          409: errorSchema,
          ...denied,
        },
      },
    },
    async (request) => {
      await rescore.rescoreOne(request.account, request.params.id, request.id, options.waitMs);
      return answer(request.params.id);
    },
  );

  r.post(
    "/admin/submissions/:id/invalidate",
    {
      schema: {
        params: adminSubmissionParamsSchema,
        body: invalidateSubmissionRequestSchema,
        response: {
          200: adminSubmissionDetailSchema,
          400: errorSchema,
          404: errorSchema,
          ...denied,
        },
      },
    },
    async (request) => {
      await rescore.invalidate(request.account, request.params.id, request.body.reason);
      return answer(request.params.id);
    },
  );

  r.post(
    "/admin/submissions/retry-failed",
    {
      schema: {
        body: retryFailedRequestSchema,
        response: { 202: requeuedResponseSchema, 400: errorSchema, 404: errorSchema, ...denied },
      },
    },
    async (request, reply) => {
      const key = request.body?.challenge_key ?? null;
      const queued = await rescore.retryFailed(request.account, key, request.id);
      return reply.status(202).send({ queued, challenge_key: key });
    },
  );

  r.post(
    "/admin/challenges/:key/rescore",
    {
      schema: {
        params: challengeRescoreParamsSchema,
        response: { 202: requeuedResponseSchema, 404: errorSchema, 409: errorSchema, ...denied },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const queued = await rescore.rescoreChallenge(request.account, key, request.id);
      return reply.status(202).send({ queued, challenge_key: key });
    },
  );

  r.get(
    "/admin/challenges/:key/rescore",
    {
      schema: {
        params: challengeRescoreParamsSchema,
        response: { 200: challengeRescoreProgressSchema, 404: errorSchema, ...denied },
      },
    },
    async (request) => {
      const { key } = request.params;
      if (!challengeByKey(key)) throw challengeNotFound(key);
      const progress = await rescore.progress(key);
      if (!progress) {
        throw notFound("admin.rescore_not_found", `No rescore of ${key} has been started.`);
      }
      return progress;
    },
  );
}
