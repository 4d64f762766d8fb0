import { errorResponseSchema, MESSAGES, teamNameSchema } from "@tandem/contracts";
import type { Database } from "@tandem/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { encryptApiKey, generateApiKey, hashApiKey } from "../../lib/api-keys";
import { uniqueViolation } from "../../lib/db-errors";
import { conflict, unauthorized } from "../../lib/http-error";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { createUsersRepository } from "../auth/users.repository";
import { generateInviteCode } from "./invite-codes";
import { createTeamsRepository } from "./teams.repository";

const ALREADY_IN_TEAM = "This account is already in a team; use that team's API key.";

/**
 * `POST /api/auth/register` for the SDK: signs in (or creates) the user by e-mail and password
 * and creates their team, all in one transaction, answering with the team's API key.
 */
export async function sdkRegisterRoutes(
  app: FastifyInstance,
  { db, encryptionKey }: { db: Database; encryptionKey: Buffer },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/auth/register",
    {
      preHandler: app.authLimits("sdk-register", { perEmail: false }),
      schema: {
        body: z.object({
          team_name: teamNameSchema,
          email: z.string().trim().max(320).pipe(z.email(MESSAGES.emailInvalid)),
          username: z.string().trim().min(2).max(100),
          password: z.string().min(6, MESSAGES.passwordMin).max(1024),
        }),
        response: {
          201: z.object({ api_key: z.string(), team_name: z.string(), team_id: z.string() }),
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { team_name: name, email, username, password } = request.body;
      const apiKey = generateApiKey();
      const newHash = await hashPassword(password);
      // An existing account's password is checked under the login route's failure budget.
      const existing = await createUsersRepository({ db }).findByEmail(email);
      if (
        existing &&
        !(await app.guardSecret(request, reply, email, () =>
          verifyPassword(existing.passwordHash, password),
        ))
      ) {
        throw unauthorized(MESSAGES.loginInvalid);
      }
      try {
        const team = await db.transaction(async (tx) => {
          const users = createUsersRepository({ db: tx });
          const teams = createTeamsRepository({ db: tx });
          let user = await users.findByEmail(email);
          user ??= await users.create({ email, username, passwordHash: newHash });
          if (!user)
            throw conflict("An account with this email already exists. Please log in instead.");
          if (await teams.teamIdOfUser(user.id)) throw conflict(ALREADY_IN_TEAM);
          if (await teams.nameTaken(name)) throw conflict(MESSAGES.teamNameTaken(name));
          return teams.create({
            name,
            creatorId: user.id,
            apiKeyHash: hashApiKey(apiKey),
            apiKeyEncrypted: encryptApiKey(apiKey, encryptionKey),
            inviteCode: generateInviteCode(),
          });
        });
        return reply.status(201).send({ api_key: apiKey, team_name: team.name, team_id: team.id });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === "teams_name_lower_key") throw conflict(MESSAGES.teamNameTaken(name));
        if (constraint === "team_members_user_key") throw conflict(ALREADY_IN_TEAM);
        throw error;
      }
    },
  );
}
