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
import type { Mailer } from "../../lib/mailer";
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

export async function passwordResetRoutes(
  app: FastifyInstance,
  options: PasswordResetRoutesOptions,
) {
  const { users, resets, mailer, publicUrl } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

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
    },
    async (request) => {
      const user = await users.findByEmail(request.body.email);
      // A disabled account gets no link, and the same answer as an unknown address.
      if (user && !isDisabled(user)) {
        const token = randomToken();
        await resets.create(user.id, sha256(token));
        const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // Sent in the background: the answer must not reveal, by its timing either, whether
        // the account exists.
        mailer
          .send({
            to: user.email,
            subject: "Reset your Tandem password",
            text: [
              `Hello ${user.username},`,
              "",
              "Someone (hopefully you) asked to reset the password of your Tandem account.",
              `Open this link within one hour to choose a new password:\n\n${link}`,
              "",
              "If you did not ask for this, ignore this message; your password stays as it is.",
            ].join("\n"),
          })
          .catch((err: unknown) => request.log.error({ err: String(err) }, "reset mail failed"));
      }
      return { success: true, message: MESSAGES.forgotSent };
    },
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
