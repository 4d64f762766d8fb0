import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { tagged } from "../../plugins/openapi";
import { createTeamsRepository } from "../teams/teams.repository";
import { authRoutes, sessionRoutes } from "./auth.routes";
import { createAuthCodesRepository } from "./auth-codes.repository";
import { emailVerificationRoutes } from "./email-verification.routes";
import { createEmailVerificationsRepository } from "./email-verifications.repository";
import { githubRoutes } from "./github.routes";
import { createOrganizerAccess } from "./organizer-access";
import { passwordResetRoutes } from "./password-reset.routes";
import { createPasswordResetsRepository } from "./password-resets.repository";
import { createSessionsRepository } from "./sessions.repository";
import { createUsersRepository } from "./users.repository";

/** The website's accounts and sessions, password resets, address checks and GitHub sign-in. */
export async function authModule(app: FastifyInstance, { config, db, mailer }: GatewayDeps) {
  const users = createUsersRepository({ db });
  const sessions = createSessionsRepository({ db });
  const authCodes = createAuthCodesRepository({ db });
  const authOptions = {
    users,
    sessions,
    authCodes,
    organizerAccess: createOrganizerAccess({ db, organizerCode: config.organizerCode }),
    demoLogin: config.demoLogin,
  };
  await app.register(tagged("Accounts", authRoutes), authOptions);
  await app.register(tagged("Accounts", sessionRoutes), authOptions);
  await app.register(tagged("Accounts", passwordResetRoutes), {
    users,
    sessions,
    resets: createPasswordResetsRepository({ db }),
    mailer,
    publicUrl: config.publicUrl,
  });
  await app.register(tagged("Accounts", emailVerificationRoutes), {
    verifications: createEmailVerificationsRepository({ db }),
    mailer,
    publicUrl: config.publicUrl,
  });
  if (config.github) {
    await app.register(tagged("Accounts", githubRoutes), {
      github: config.github,
      publicUrl: config.publicUrl,
      users,
      teams: createTeamsRepository({ db }),
      authCodes,
    });
  } else {
    await app.register(
      tagged("Accounts", async (scope) => {
        scope.get("/auth/github/authorize", async (_request, reply) =>
          reply.redirect("/login?error=github"),
        );
      }),
    );
  }
}
