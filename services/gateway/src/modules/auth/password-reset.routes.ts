import {
  errorResponseSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  MESSAGES,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  verifyResetTokenRefusedSchema,
  verifyResetTokenRequestSchema,
  verifyResetTokenResponseSchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { badRequest } from "../../lib/http-error";
import type { Mail, Mailer } from "../../lib/mailer";
import { hashPassword } from "../../lib/passwords";
import { randomToken, sha256 } from "../../lib/secret-tokens";
import { assertAccountEnabled, isDisabled } from "./account-status";
import type { PasswordResetsRepository } from "./password-resets.repository";
import type { SessionsRepository } from "./sessions.repository";
import type { UsersRepository } from "./users.repository";

export interface PasswordResetRoutesOptions {
  users: UsersRepository;
  sessions: SessionsRepository;
  resets: PasswordResetsRepository;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * The reset mail. It goes to an address nobody may have proved (sign-up takes any address), so
 * it carries no text a user chose: no name, nothing from the profile (issue 31, finding 11).
 */
export function resetMail(to: string, link: string): Mail {
  return {
    to,
    subject: "Reset your Tandem password",
    text: [
      "Hello,",
      "",
      "Someone (hopefully you) asked to reset the password of the Tandem account of this address.",
      `Open this link within one hour to choose a new password:\n\n${link}`,
      "",
      "If you did not ask for this, ignore this message; your password stays as it is.",
    ].join("\n"),
  };
}

export async function passwordResetRoutes(
  app: FastifyInstance,
  options: PasswordResetRoutesOptions,
) {
  const { users, resets, mailer, publicUrl } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Mails a reset link when the address has an enabled account. Runs after the answer has gone
   * (issue 31, finding 12): the answer, and its time, are the same for every address.
   */
  async function mailResetLink(email: string): Promise<void> {
    const user = await users.findByEmail(email);
    // A disabled account gets no link, and the same answer as an unknown address.
    if (!user || isDisabled(user)) return;
    const token = randomToken();
    await resets.create(user.id, sha256(token));
    await mailer.send(
      resetMail(user.email, `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`),
    );
  }

  // Links still being mailed when the server stops are finished first.
  const pending = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled([...pending]);
  });

  r.post(
    "/forgot-password",
    {
      preHandler: app.authLimits("forgot"),
      schema: {
        body: forgotPasswordRequestSchema,
        response: {
          200: forgotPasswordResponseSchema,
          429: errorResponseSchema,
        },
      },
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        const { email } = request.body as { email: string };
        const work = mailResetLink(email).catch((err: unknown) =>
          request.log.error({ err: String(err) }, "reset mail failed"),
        );
        pending.add(work);
        void work.finally(() => pending.delete(work));
      },
    },
    // Nothing here depends on the address: the lookup and the mail run once this has answered.
    async () => ({ success: true, message: MESSAGES.forgotSent }),
  );

  r.post(
    "/verify-reset-token",
    {
      schema: {
        body: verifyResetTokenRequestSchema,
        response: {
          200: verifyResetTokenResponseSchema,
          400: verifyResetTokenRefusedSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await resets.findValid(sha256(request.body.token));
      if (!user)
        return reply.status(400).send({
          valid: false as const,
          error: "Invalid or expired token",
          code: "auth.token_invalid" as const,
        });
      assertAccountEnabled(user);
      return { valid: true as const, user: { email: user.email, username: user.username } };
    },
  );

  r.post(
    "/reset-password",
    {
      preHandler: app.authLimits("reset"),
      schema: {
        body: resetPasswordRequestSchema,
        response: {
          200: resetPasswordResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      // A link mailed before the account was disabled must not hand its holder a new password.
      const holder = await resets.findValid(sha256(request.body.token));
      if (holder) assertAccountEnabled(holder);
      const ok = await resets.consume(
        sha256(request.body.token),
        await hashPassword(request.body.password),
      );
      if (!ok) throw badRequest("auth.token_invalid", "Invalid or expired token");
      return { success: true, message: "Your password has been reset. You can now log in." };
    },
  );
}
