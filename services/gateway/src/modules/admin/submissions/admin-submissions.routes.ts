import {
  adminSubmissionDetailSchema,
  adminSubmissionParamsSchema,
  adminSubmissionsPageSchema,
  adminSubmissionsQuerySchema,
  errorResponseSchema as errorSchema,
  submissionFileSchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { notFound } from "../../../lib/http-error";
import { decodeTimeCursor, keysetPage, timeKey } from "../../../lib/keyset-page";
import { sendSubmissionFile } from "../../../lib/submission-file";
import type { SubmissionsRepository } from "../../submissions/submissions.repository";
import type {
  AdminSubmissionsFilter,
  AdminSubmissionsRepository,
} from "./admin-submissions.repository";
import { toAdminSubmission, toAdminSubmissionDetail } from "./admin-submissions.view";

export interface AdminSubmissionRoutesOptions {
  adminSubmissions: AdminSubmissionsRepository;
  submissions: Pick<SubmissionsRepository, "answersVersions">;
}

const CURSOR_SCOPE = "admin-submissions";

/** Every team's submissions, for the organizers (`/api/admin/submissions...`). */
export async function adminSubmissionRoutes(
  app: FastifyInstance,
  { adminSubmissions, submissions }: AdminSubmissionRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: errorSchema, 403: errorSchema };
  const missing = () => notFound("admin.submission_not_found", "Submission not found");

  r.get(
    "/admin/submissions",
    {
      schema: {
        querystring: adminSubmissionsQuerySchema,
        response: { 200: adminSubmissionsPageSchema, 400: errorSchema, ...denied },
      },
    },
    async (request) => {
      const { limit, cursor, team, challenge, status, since, until } = request.query;
      const filter: AdminSubmissionsFilter = {
        ...(team ? { teamId: team } : {}),
        ...(challenge ? { challengeKey: challenge } : {}),
        ...(status ? { status } : {}),
        ...(since ? { since: new Date(since) } : {}),
        ...(until ? { until: new Date(until) } : {}),
        ...(cursor ? { after: decodeTimeCursor(cursor, CURSOR_SCOPE) } : {}),
      };
      // One row beyond the page says whether there is a next one.
      const rows = await adminSubmissions.page(filter, limit + 1);
      const page = keysetPage(rows, limit, CURSOR_SCOPE, (row) => timeKey(row.position));
      return { submissions: page.items.map(toAdminSubmission), next_cursor: page.next_cursor };
    },
  );

  r.get(
    "/admin/submissions/:id",
    {
      schema: {
        params: adminSubmissionParamsSchema,
        response: { 200: adminSubmissionDetailSchema, 404: errorSchema, ...denied },
      },
    },
    async (request) => {
      const [row, versions] = await Promise.all([
        adminSubmissions.find(request.params.id),
        submissions.answersVersions(),
      ]);
      if (!row) throw missing();
      return toAdminSubmissionDetail(row, versions.get(row.challengeKey));
    },
  );

  r.get(
    "/admin/submissions/:id/file",
    {
      schema: {
        params: adminSubmissionParamsSchema,
        produces: ["text/csv"],
        response: { 200: submissionFileSchema, 404: errorSchema, ...denied },
      },
    },
    async (request, reply) => {
      const submission = await adminSubmissions.file(request.params.id);
      if (!submission) throw missing();
      return sendSubmissionFile(reply, submission);
    },
  );
}
