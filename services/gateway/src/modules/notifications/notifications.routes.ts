import { errorResponseSchema, notificationPreferencesSchema } from "@tandem/contracts";
import type { User } from "@tandem/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { unauthorized } from "../../lib/http-error";
import type { NotificationsRepository } from "./notifications.repository";

export interface NotificationRoutesOptions {
  notifications: NotificationsRepository;
}

const preferencesOf = (user: Pick<User, "notifySubmissionProblems" | "notifyDailyDigest">) => ({
  submission_problems: user.notifySubmissionProblems,
  daily_digest: user.notifyDailyDigest,
});

/** The signed-in user's own e-mail choices; the scope's hook rejects requests without a session. */
export async function notificationRoutes(
  app: FastifyInstance,
  { notifications }: NotificationRoutesOptions,
) {
  app.addHook("onRequest", app.authenticate);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const responses = { 200: notificationPreferencesSchema, 401: errorResponseSchema };

  r.get("/notifications/preferences", { schema: { response: responses } }, async (request) =>
    preferencesOf(request.account),
  );

  r.put(
    "/notifications/preferences",
    {
      schema: {
        body: notificationPreferencesSchema,
        response: { ...responses, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const saved = await notifications.setPreferences(request.account.id, {
        submissionProblems: request.body.submission_problems,
        dailyDigest: request.body.daily_digest,
      });
      // The account was deleted between the session check and the update.
      if (!saved) throw unauthorized("auth.required", "Authentication required. Please log in.");
      return { submission_problems: saved.submissionProblems, daily_digest: saved.dailyDigest };
    },
  );
}
