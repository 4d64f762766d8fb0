import {
  errorResponseSchema as errorSchema,
  finalCandidatesResponseSchema,
  submissionParamsSchema,
  submitResponseSchema,
} from "@tandem/contracts";
import type { TestSetLookup } from "@tandem/scoring";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { CompetitionRules } from "../settings/settings.service";
import { finalCandidates } from "./final-candidates.service";
import { selectFinal } from "./final-selection.service";
import type { SubmissionsRepository } from "./submissions.repository";
import { storedSubmissionAnswer } from "./submissions.view";

export interface FinalSelectionRoutesOptions {
  submissions: SubmissionsRepository;
  getTestSet: TestSetLookup;
  /** The organizers' settings in force: the window's close, the count of final submissions. */
  rules: () => Promise<Pick<CompetitionRules, "window" | "finalPicks">>;
  isRevealed: () => Promise<boolean>;
  /** After a pick changed: the standings that weigh final picks are rebuilt at once. */
  onFinalChanged: () => Promise<unknown>;
}

/**
 * `POST`/`DELETE /submissions/:id/final`, and `GET /submissions/final-candidates` (what the
 * dashboard's final-pick card lists): from the SDK with the team API key, or from the
 * dashboard with a member's session (the team is the member's own).
 */
export async function finalSelectionRoutes(
  app: FastifyInstance,
  options: FinalSelectionRoutesOptions,
) {
  const { submissions, getTestSet, rules, isRevealed } = options;

  app.addHook("onRequest", app.authenticateTeamOrMember);

  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    params: submissionParamsSchema,
    response: {
      200: submitResponseSchema,
      401: errorSchema,
      403: errorSchema,
      404: errorSchema,
      409: errorSchema,
    },
  };

  r.get(
    "/submissions/final-candidates",
    {
      schema: {
        response: { 200: finalCandidatesResponseSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const [{ finalPicks }, revealed] = await Promise.all([rules(), isRevealed()]);
      return {
        challenges: await finalCandidates({ submissions, finalPicks, revealed }, request.team.id),
      };
    },
  );

  for (const [method, final] of [
    ["POST", true],
    ["DELETE", false],
  ] as const) {
    r.route({
      method,
      url: "/submissions/:id/final",
      schema,
      handler: async (request) => {
        const [{ window, finalPicks }, revealed] = await Promise.all([rules(), isRevealed()]);
        const submission = await selectFinal(
          { submissions, competitionWindow: window, finalPicks, revealed },
          { teamId: request.team.id, submissionId: request.params.id, final },
        );
        await options.onFinalChanged();
        // selectFinal found the submission's challenge, so it has an answer.
        return (await storedSubmissionAnswer(submission, { getTestSet, isRevealed }))!;
      },
    });
  }
}
