import {
  errorResponseSchema,
  MESSAGES,
  sdkRegisterRequestSchema,
  sdkRegisterResponseSchema,
  sdkVerifyResponseSchema,
  type TeamStatus,
} from "@tandem/contracts";
import type { Database } from "@tandem/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { conflict, unauthorized } from "../../lib/http-error";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { assertAccountEnabled } from "../auth/account-status";
import { createUsersRepository } from "../auth/users.repository";
import { createTeamsRepository } from "../teams/teams.repository";
import { createTeamForUser } from "../teams/teams.service";
import { assertMayFormTeam } from "../teams/verified-email-guard";

const ALREADY_IN_TEAM = "This account is already in a team; use that team's API key.";

/**
 * The SDK's `/auth/*` calls. `/auth/verify` (GET or POST) checks the team API key (`X-API-Key`)
 * and names its team. `POST /auth/register` signs in (or creates) the user by e-mail and
 * password and creates their team, all in one transaction, answering with the team's API key.
 */
export async function sdkAuthRoutes(
  app: FastifyInstance,
  {
    db,
    encryptionKey,
    requireVerifiedEmail = async () => false,
  }: {
    db: Database;
    encryptionKey: Buffer;
    /** Whether the organizers require a verified address to create a team. */
    requireVerifiedEmail?: () => Promise<boolean>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const verify = async (request: { team: { id: string; name: string; status: TeamStatus } }) => ({
    valid: true,
    team_id: request.team.id,
    team_name: request.team.name,
    status: request.team.status,
  });
  const verifyOptions = {
    onRequest: app.authenticateTeam,
    schema: { response: { 200: sdkVerifyResponseSchema } },
  };
  r.get("/auth/verify", verifyOptions, verify);
  r.post("/auth/verify", verifyOptions, verify);

  r.post(
    "/auth/register",
    {
      preHandler: app.authLimits("sdk-register", { perEmail: false }),
      schema: {
        body: sdkRegisterRequestSchema,
        response: {
          201: sdkRegisterResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { team_name: name, email, username, password } = request.body;
      // An existing account's password is checked under the login route's failure budget; a
      // new address spends the same check on a dummy hash, so both take one hash and one
      // verification (issue 31, finding 12; the answers differ as docs/product.md#site-calls has
      // them). The hash comes after the check: a guess the budget holds costs no argon2 at all.
      const existing = await createUsersRepository({ db }).findByEmail(email);
      const valid = existing
        ? await app.guardSecret(request, email, () =>
            verifyPassword(existing.passwordHash, password),
          )
        : await verifyPassword(undefined, password);
      const newHash = await hashPassword(password);
      if (existing && !valid) throw unauthorized("auth.login_invalid", MESSAGES.loginInvalid);
      const emailTaken = () =>
        conflict(
          "auth.email_taken",
          "An account with this email already exists. Please log in instead.",
        );
      const required = await requireVerifiedEmail();
      const { team, apiKey } = await db.transaction(async (tx) => {
        const users = createUsersRepository({ db: tx });
        const found = await users.findByEmail(email);
        // Made since the password check above: nobody proved this account's password.
        if (found && found.id !== existing?.id) throw emailTaken();
        // Only after the password check, as at login: a wrong password says nothing of status.
        if (found) assertAccountEnabled(found);
        const user = found ?? (await users.create({ email, username, passwordHash: newHash }));
        if (!user) throw emailTaken();
        // A new account's address is unverified: while required, nothing is kept.
        assertMayFormTeam(user, required);
        return createTeamForUser(createTeamsRepository({ db: tx }), {
          userId: user.id,
          name,
          encryptionKey,
          alreadyInTeam: ALREADY_IN_TEAM,
        });
      });
      return reply.status(201).send({ api_key: apiKey, team_name: team.name, team_id: team.id });
    },
  );
}
