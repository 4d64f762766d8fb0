import oauth2, { type OAuth2Namespace } from "@fastify/oauth2";
import { GITHUB_SIGN_IN_TARGETS, githubAuthorizeQuerySchema } from "@tandem/contracts";
import type { User } from "@tandem/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { randomToken, sha256 } from "../../lib/secret-tokens";
import type { TeamsRepository } from "../teams/teams.repository";
import { isDisabled } from "./account-status";
import type { AuthCodesRepository } from "./auth-codes.repository";
import { fetchGithubProfile, type GithubProfile } from "./github.client";
import { bindGithubBrowser, githubBrowserHash } from "./github-browser";
import type { UsersRepository } from "./users.repository";

declare module "fastify" {
  interface FastifyInstance {
    githubOAuth2: OAuth2Namespace;
  }
}

export interface GithubRoutesOptions {
  github: {
    clientId: string;
    clientSecret: string;
    authorizeUrl: string;
    tokenUrl: string;
    apiUrl: string;
  };
  publicUrl: string;
  users: UsersRepository;
  teams: TeamsRepository;
  authCodes: AuthCodesRepository;
}

const TARGET_COOKIE = "oauth_target";

/**
 * GitHub's verified address is another form of an existing account's address (same emailKey,
 * not the same address). The sign-in is refused: making a second account would break "one
 * person, one team", and linking would let whoever owns `a+b@x` take `a@x`'s account.
 */
class EmailKeyTakenError extends Error {}

/** The account is disabled: no code is handed out and no GitHub identity is linked to it. */
class AccountDisabledError extends Error {}

/** The callback came to a browser without the nonce of /auth/github/authorize (github-browser.ts). */
class OtherBrowserError extends Error {}

/**
 * GitHub sign-in. The return to the SPA carries a single-use, one-minute code (never a
 * session token) that `/api/auth/exchange` swaps for a session, in the browser that started
 * the sign-in only (github-browser.ts).
 */
export async function githubRoutes(app: FastifyInstance, options: GithubRoutesOptions) {
  const { github, users, teams, authCodes } = options;
  const authorize = new URL(github.authorizeUrl);
  const token = new URL(github.tokenUrl);
  const secureCookies = new URL(options.publicUrl).protocol === "https:";
  await app.register(oauth2, {
    name: "githubOAuth2",
    scope: ["read:user", "user:email"],
    credentials: {
      client: { id: github.clientId, secret: github.clientSecret },
      auth: {
        authorizeHost: authorize.origin,
        authorizePath: authorize.pathname,
        tokenHost: token.origin,
        tokenPath: token.pathname,
      },
    },
    callbackUri: `${options.publicUrl}/api/auth/github/callback`,
    cookie: { path: "/api/auth/github", secure: "auto" },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/auth/github/authorize",
    { schema: { querystring: githubAuthorizeQuerySchema } },
    async (request, reply) => {
      reply.setCookie(TARGET_COOKIE, request.query.target, {
        path: "/api/auth/github",
        httpOnly: true,
        sameSite: "lax",
        maxAge: 600,
      });
      bindGithubBrowser(reply, secureCookies);
      const uri = await app.githubOAuth2.generateAuthorizationUri(request, reply);
      return reply.redirect(uri);
    },
  );

  r.get("/auth/github/callback", async (request, reply) => {
    const target =
      GITHUB_SIGN_IN_TARGETS.find((t) => t === request.cookies[TARGET_COOKIE]) ?? "tandem";
    reply.clearCookie(TARGET_COOKIE, { path: "/api/auth/github" });
    try {
      // Checks the OAuth state against its cookie first (a forged callback stays "github").
      const { token: accessToken } = await app.githubOAuth2.getAccessTokenFromAuthorizationCodeFlow(
        request,
        reply,
      );
      const browserHash = githubBrowserHash(request);
      if (!browserHash) throw new OtherBrowserError();
      const profile = await fetchGithubProfile(github.apiUrl, accessToken.access_token);
      const user = await findOrCreateUser(profile);
      const code = randomToken();
      await authCodes.create(user.id, sha256(code), browserHash);
      const teamId = await teams.teamIdOfUser(user.id);
      const team = teamId ? await teams.findById(teamId) : undefined;
      const query = new URLSearchParams({
        token: code,
        team_status: team?.status ?? "none",
        target,
      });
      return reply.redirect(`/login/success?${query}`);
    } catch (err) {
      if (err instanceof AccountDisabledError) {
        request.log.info("GitHub sign-in refused: the account is disabled");
        return reply.redirect("/login?error=account_disabled");
      }
      if (err instanceof OtherBrowserError) {
        request.log.info("GitHub sign-in refused: the browser did not start it");
        return reply.redirect("/login?error=github_other_browser");
      }
      if (err instanceof EmailKeyTakenError) {
        request.log.info("GitHub sign-in refused: another form of its address has an account");
        return reply.redirect("/login?error=github_email_taken");
      }
      request.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        "GitHub sign-in failed",
      );
      return reply.redirect("/login?error=github");
    }
  });

  async function findOrCreateUser(profile: GithubProfile): Promise<User> {
    const known = await users.findByGithubId(profile.githubId);
    if (known && isDisabled(known)) throw new AccountDisabledError();
    if (known) return known;
    // Link to an existing account only through an address GitHub has verified, and only the
    // very address (any case), never another form of it; whoever registered it before without
    // proving it loses the password they set (users.repository).
    for (const email of profile.verifiedEmails) {
      const existing = await users.findByEmail(email);
      if (existing && !existing.githubId) {
        if (isDisabled(existing)) throw new AccountDisabledError();
        const linked = await users.linkGithub(existing, profile.githubId);
        if (!existing.emailVerifiedAt && existing.passwordHash) {
          app.log.warn(
            { userId: existing.id },
            "GitHub sign-in took over an account whose address was never proved; its password was removed",
          );
        }
        return linked;
      }
    }
    const email = profile.verifiedEmails[0];
    if (!email) throw new Error("GitHub account has no verified e-mail address");
    const [first, ...rest] = (profile.name ?? profile.login).split(" ");
    const created = await users.create({
      email,
      username: profile.name ?? profile.login,
      firstName: first ?? profile.login,
      lastName: rest.join(" "),
      githubId: profile.githubId,
      passwordHash: null,
      emailVerifiedAt: new Date(),
    });
    if (!created) {
      // The very address has an account only when it has another GitHub link (else it was
      // linked above): that stays the generic failure. Otherwise another form of it is taken.
      if (!(await users.findByEmail(email)) && (await users.keyTaken(email)))
        throw new EmailKeyTakenError();
      throw new Error("Could not create the account");
    }
    return created;
  }
}
