import {
  errorResponseSchema as errorSchema,
  exchangeCodeRequestSchema,
  loginRequestSchema,
  logoutEverywhereResponseSchema,
  logoutResponseSchema,
  MESSAGES,
  organizerCodeRequestSchema,
  organizerCodeResponseSchema,
  sessionResponseSchema,
  signupRequestSchema,
  verifyTokenResponseSchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { badRequest, conflict, notFound, unauthorized } from "../../lib/http-error";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { sha256 } from "../../lib/secret-tokens";
import type { AuthCodesRepository } from "./auth-codes.repository";
import { clearGithubBrowser, githubBrowserHash } from "./github-browser";
import type { OrganizerAccess, OrganizerGrant } from "./organizer-access";
import { toPublicUser } from "./public-user";
import type { SessionsRepository } from "./sessions.repository";
import type { UsersRepository } from "./users.repository";

export interface AuthRoutesOptions {
  users: UsersRepository;
  sessions: SessionsRepository;
  authCodes: AuthCodesRepository;
  /** The sign-up form's organizer code: ORGANIZER_CODE or an invitation (organizer-access.ts). */
  organizerAccess: OrganizerAccess;
  /** Embedded/demo deployments only: the debug page's one-click login as a demo account. */
  demoLogin: boolean;
}

const DEMO_EMAIL = "demo@tandem.local";

export async function authRoutes(
  app: FastifyInstance,
  { users, sessions, organizerAccess }: AuthRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/save-user-signup",
    {
      preHandler: app.authLimits("signup"),
      schema: {
        body: signupRequestSchema,
        response: {
          201: sessionResponseSchema,
          400: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      let grant: OrganizerGrant | undefined;
      if (!body.eligible && body.ineligibilityType === "organizer") {
        // The organizer code is only ever checked here, never in the browser
        // (docs/architecture.md#accounts-and-sessions), under the same failure budget as
        // passwords (per address: it is no one's account).
        grant = await organizerAccess.claimFor(app, request, body.adminPassword ?? "");
        if (!grant) throw badRequest("auth.organizer_code_invalid", MESSAGES.adminPasswordInvalid);
      }
      const account = {
        email: body.email,
        username: body.fullName || `${body.firstName} ${body.lastName}`,
        firstName: body.firstName,
        lastName: body.lastName,
        passwordHash: await hashPassword(body.password),
        isStudent: body.isStudent,
        position: body.position,
        area: body.area,
        gradYear: body.isStudent ? (body.gradYear ?? null) : null,
        eligible: body.eligible,
        ineligibilityType: body.eligible ? null : (body.ineligibilityType ?? null),
      };
      // An organizer's account commits with its record (organizer-access.ts).
      const user = grant
        ? await grant.createAccount((tx, columns) => users.create({ ...account, ...columns }, tx))
        : await users.create(account);
      if (!user)
        throw conflict(
          "auth.email_taken",
          "An account with this email already exists. Please log in instead.",
        );
      const token = await app.issueSession(reply, user, body.rememberMe);
      return reply.status(201).send({ token, user: toPublicUser(user) });
    },
  );

  r.post(
    "/login-verification",
    {
      schema: {
        body: loginRequestSchema,
        // 403: the right password for an account the organizers disabled (issueSession).
        response: {
          200: sessionResponseSchema,
          401: errorSchema,
          403: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body;
      const user = await users.findByEmail(email);
      // Only wrong passwords count against the address and the account (plugins/rate-limit.ts).
      const valid = await app.guardSecret(request, email, () =>
        verifyPassword(user?.passwordHash, password),
      );
      if (!user || !valid) throw unauthorized("auth.login_invalid", MESSAGES.loginInvalid);
      const token = await app.issueSession(reply, user, rememberMe);
      return { token, user: toPublicUser(user) };
    },
  );

  r.get(
    "/verify-token",
    { schema: { response: { 200: verifyTokenResponseSchema, 401: verifyTokenResponseSchema } } },
    async (request, reply) => {
      // A signed-out, reset or deleted account's token is as invalid as an expired one.
      const user = await app.sessionUser(request);
      if (!user)
        return reply
          .status(401)
          .send({ valid: false, error: "Invalid or expired token", code: "auth.token_invalid" });
      return { valid: true, user: toPublicUser(user) };
    },
  );

  r.post(
    "/logout",
    { schema: { response: { 200: logoutResponseSchema } } },
    async (request, reply) => {
      await app.endSession(request, reply);
      return { success: true };
    },
  );

  r.post(
    "/logout-everywhere",
    {
      onRequest: app.authenticate,
      schema: {
        response: {
          200: logoutEverywhereResponseSchema,
          401: errorSchema,
        },
      },
    },
    async (request, reply) => {
      await sessions.endAll(request.account.id);
      app.clearSession(reply);
      return { success: true, message: MESSAGES.signedOutEverywhere };
    },
  );
}

/** Session exchange, organizer-code check and demo login. */
export async function sessionRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { users, authCodes, organizerAccess } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/auth/exchange",
    {
      preHandler: app.authLimits("exchange"),
      schema: {
        body: exchangeCodeRequestSchema,
        response: { 200: sessionResponseSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      // Only in the browser that started the GitHub sign-in (github-browser.ts).
      const spent = await authCodes.consume(sha256(request.body.code), githubBrowserHash(request));
      if (!spent.ok && spent.reason === "other_browser")
        throw unauthorized("auth.github_other_browser", MESSAGES.githubOtherBrowser);
      if (!spent.ok)
        throw unauthorized(
          "auth.token_invalid",
          "This sign-in link is invalid or has expired. Please sign in again.",
        );
      const user = spent.user;
      clearGithubBrowser(reply);
      const token = await app.issueSession(reply, user, false);
      return { token, user: toPublicUser(user) };
    },
  );

  r.post(
    "/organizer-code/verify",
    {
      // No e-mail in this body: limited per client address only.
      preHandler: app.authLimits("organizer", { perEmail: false }),
      schema: {
        body: organizerCodeRequestSchema,
        response: { 200: organizerCodeResponseSchema, 429: errorSchema },
      },
    },
    async (request) => ({
      valid: await app.guardSecret(request, undefined, () =>
        organizerAccess.valid(request.body.adminPassword),
      ),
    }),
  );

  r.post(
    "/auth/demo-login",
    { schema: { response: { 200: sessionResponseSchema, 404: errorSchema } } },
    async (_request, reply) => {
      if (!options.demoLogin)
        throw notFound("auth.demo_disabled", "Demo login is not enabled on this deployment.");
      const user =
        (await users.findByEmail(DEMO_EMAIL)) ??
        (await users.create({
          email: DEMO_EMAIL,
          username: "Demo Participant",
          firstName: "Demo",
          lastName: "Participant",
          passwordHash: null,
        })) ??
        (await users.findByEmail(DEMO_EMAIL));
      if (!user) throw new Error("Demo user could not be created");
      const token = await app.issueSession(reply, user, false);
      return { token, user: toPublicUser(user) };
    },
  );
}
