import {
  EMAIL_VERIFICATION_RULES,
  emailVerificationConfirmedSchema,
  emailVerificationConfirmSchema,
  emailVerificationSentSchema,
  errorResponseSchema as errorSchema,
  EMAIL_VERIFICATION_MESSAGES as SAY,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { badRequest, conflict, HttpError } from "../../lib/http-error";
import type { Mail, Mailer } from "../../lib/mailer";
import { randomToken, sha256 } from "../../lib/secret-tokens";
import { assertAccountEnabled } from "./account-status";
import type { EmailVerificationsRepository } from "./email-verifications.repository";

export interface EmailVerificationRoutesOptions {
  verifications: EmailVerificationsRepository;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * The verification mail goes to an address nobody has proved yet: it carries no text a user
 * chose (issue 31, finding 11), only the link.
 */
export function verificationMail(to: string, link: string): Mail {
  return {
    to,
    subject: "Verify your e-mail address for Tandem",
    text: [
      "Hello,",
      "",
      "Someone (hopefully you) asked to verify this address for a Tandem account.",
      `Open this link within ${EMAIL_VERIFICATION_RULES.lifetimeHours} hours to verify it:\n\n${link}`,
      "",
      "If you did not ask for this, ignore this message: the address stays unverified.",
    ].join("\n"),
  };
}

/**
 * E-mail verification (issue 31): a signed-in user asks for a link (at most
 * `linksPerHour` an hour); opening it, in any browser, marks the address verified.
 */
export async function emailVerificationRoutes(
  app: FastifyInstance,
  { verifications, mailer, publicUrl }: EmailVerificationRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/auth/email-verification",
    {
      onRequest: app.authenticate,
      schema: {
        response: {
          202: emailVerificationSentSchema,
          401: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.account;
      if (user.emailVerifiedAt) throw conflict("auth.email_already_verified", SAY.alreadyVerified);
      const token = randomToken();
      const outcome = await verifications.create(user, sha256(token));
      if (!outcome.created) {
        const seconds = Math.ceil(outcome.retryAfterMs / 1000);
        throw new HttpError(429, "rate_limited", SAY.tooMany(seconds), undefined, {
          retryAfterSeconds: seconds,
        });
      }
      const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
      mailer
        .send(verificationMail(user.email, link))
        .catch((err: unknown) =>
          request.log.error({ err: String(err) }, "verification mail failed"),
        );
      return reply.status(202).send({ success: true, message: SAY.sent(user.email) });
    },
  );

  r.post(
    "/auth/email-verification/confirm",
    {
      // No e-mail in the body: guesses are limited per client address.
      preHandler: app.authLimits("verify-email", { perEmail: false }),
      schema: {
        body: emailVerificationConfirmSchema,
        response: {
          200: emailVerificationConfirmedSchema,
          400: errorSchema,
          403: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const tokenHash = sha256(request.body.token);
      // A link mailed before the account was disabled changes nothing for it.
      const holder = await verifications.holder(tokenHash);
      if (holder) assertAccountEnabled(holder);
      const user = await verifications.confirm(tokenHash);
      if (!user) throw badRequest("auth.token_invalid", SAY.linkInvalid);
      return { success: true, message: SAY.confirmed, email: user.email };
    },
  );
}
