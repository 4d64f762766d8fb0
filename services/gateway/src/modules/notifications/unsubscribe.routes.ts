import {
  errorResponseSchema as errorSchema,
  unsubscribePageSchema,
  unsubscribeQuerySchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { badRequest } from "../../lib/http-error";
import { verifyUnsubscribeToken } from "../admin/announcements/announcements.mails";
import type { AnnouncementsRepository } from "../admin/announcements/announcements.repository";

export interface UnsubscribeRoutesOptions {
  announcements: Pick<AnnouncementsRepository, "optOut">;
  /** The secret the links were signed with. */
  secret: string;
  publicUrl: string;
}

const PAGE = (publicUrl: string) => `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unsubscribed - Tandem</title>
<main style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem">
<h1>You are unsubscribed</h1>
<p>You will no longer receive the organizers' announcements by e-mail. They still appear on the site.</p>
<p><a href="${publicUrl}/">Back to Tandem</a></p>
</main>
</html>
`;

/**
 * `GET /api/notifications/unsubscribe?token=...`: the link in every announcement e-mail, opened
 * without signing in (the signed token names the account). Repeating it changes nothing.
 */
export async function unsubscribeRoutes(
  app: FastifyInstance,
  { announcements, secret, publicUrl }: UnsubscribeRoutesOptions,
) {
  const page = PAGE(encodeURI(publicUrl));
  app.withTypeProvider<ZodTypeProvider>().get(
    "/notifications/unsubscribe",
    {
      schema: {
        querystring: unsubscribeQuerySchema,
        produces: ["text/html"],
        response: { 200: unsubscribePageSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = verifyUnsubscribeToken(secret, request.query.token);
      if (!userId) {
        throw badRequest(
          "notification.unsubscribe_invalid",
          "This unsubscribe link is not valid. Open the link from the e-mail as it is, or switch announcements off on your dashboard.",
        );
      }
      // An account deleted since gets the same page: it receives nothing either way.
      await announcements.optOut(userId);
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(page);
    },
  );
}
