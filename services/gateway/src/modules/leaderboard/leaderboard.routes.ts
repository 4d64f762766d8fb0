import { activeCompetition, findDomain } from "@tandem/competition/server";
import {
  domainLeaderboardParamsSchema,
  domainLeaderboardSchema,
  errorResponseSchema as errorSchema,
  leaderboardQuerySchema,
  overallLeaderboardSchema,
} from "@tandem/contracts";
import type { Database } from "@tandem/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { recordAudit } from "../../lib/audit";
import { forbidden, notFound, unauthorized } from "../../lib/http-error";
import type { TeamsRepository } from "../teams/teams.repository";
import type { RankingsService } from "./rankings.service";

/**
 * The leaderboards, open to whom the definition's `leaderboard_visibility` says (issue 33):
 * organizers only (the default, docs/product.md#leaderboard-visibility), also members of a team
 * (signed in, or through the team's API key), or everyone. The scope's hook answers 401/403 for the
 * others, from a session Postgres confirmed at most SESSION_READ_CACHE_MS ago (ADR 0023; the
 * private preview reads it every time). Bodies are sent as cached (serialized when rankings last
 * changed, encoded to bytes once), so a read costs one cache look-up: Fastify sends bytes as they
 * are, and the response schemas serve the API document.
 * The official standings are public until the reveal and final after it; `?standings=private` is
 * the preview of the final ones, computed on demand, and stays behind requireAdmin whatever the
 * setting. Each preview is audited: it shows private scores no one else sees before the reveal.
 */
export async function leaderboardRoutes(
  app: FastifyInstance,
  {
    rankings,
    db,
    teams,
  }: {
    rankings: RankingsService;
    db: Database;
    teams: Pick<TeamsRepository, "teamIdOfUser">;
  },
) {
  const recordPreview = (request: FastifyRequest, board: string) =>
    recordAudit(db, request.account, {
      action: "leaderboard.preview_private",
      targetType: "leaderboard",
      targetId: board,
    });
  app.addHook("onRequest", async (request) => {
    // The query as sent (validated later): anything asking for the preview is an organizer's,
    // checked against Postgres as every organizer's page is.
    const { standings } = request.query as { standings?: unknown };
    if (standings === "private") return app.requireAdmin(request);
    // The official standings, the hot read: the session as confirmed at most
    // SESSION_READ_CACHE_MS ago, with its team (ADR 0023).
    const visibility = activeCompetition().definition.leaderboard_visibility;
    if (visibility === "public") return;
    const session = await app.readSession(request);
    if (visibility === "organizers") {
      if (!session) throw unauthorized("auth.required", "Authentication required. Please log in.");
      request.account = session.user;
      if (!session.user.adminAccess)
        throw forbidden("auth.admin_required", "Admin access required.");
      return;
    }
    // The SDK's team API key speaks for the team's members (refused as /submit refuses it).
    if (!session && request.headers["x-api-key"]) return app.authenticateTeam(request);
    if (!session) throw unauthorized("auth.required", "Authentication required. Please log in.");
    request.account = session.user;
    if (session.user.adminAccess) return;
    if (session.teamId === undefined)
      session.teamId = (await teams.teamIdOfUser(session.user.id)) ?? null;
    if (session.teamId) return;
    throw forbidden(
      "team.not_member",
      "The leaderboards are open to members of a team. Create or join one first.",
    );
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: errorSchema, 403: errorSchema };

  r.get(
    "/leaderboard",
    {
      schema: {
        querystring: leaderboardQuerySchema,
        response: { 200: overallLeaderboardSchema, ...denied },
      },
    },
    async (request, reply) => {
      // The body the last rebuild wrote to the rankings cache (rebuilt first if it is empty).
      if (request.query.standings !== "private")
        return sendCached(reply, "overall", await rankings.overall());
      await recordPreview(request, "overall");
      return sendSerialized(reply, (await rankings.preview()).overall);
    },
  );

  r.get(
    "/leaderboard/domain/:domain",
    {
      schema: {
        params: domainLeaderboardParamsSchema,
        querystring: leaderboardQuerySchema,
        response: { 200: domainLeaderboardSchema, ...denied, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const domain = findDomain(request.params.domain);
      if (!domain)
        throw notFound("competition.unknown_domain", `Unknown domain "${request.params.domain}"`);
      if (request.query.standings !== "private")
        return sendCached(reply, domain.slug, await rankings.domain(domain.slug));
      await recordPreview(request, domain.slug);
      return sendSerialized(reply, (await rankings.preview()).domains[domain.slug]!);
    },
  );
}

// The bytes of each board's cached body, encoded once per body rather than once per read (a
// 170 KB string is encoded to UTF-8 on every write otherwise: issue 36).
const encoded = new Map<string, { body: string; bytes: Buffer }>();
function sendCached(reply: FastifyReply, board: string, body: string): FastifyReply {
  let kept = encoded.get(board);
  if (kept?.body !== body) {
    kept = { body, bytes: Buffer.from(body, "utf8") };
    encoded.set(board, kept);
  }
  return reply.type("application/json; charset=utf-8").send(kept.bytes);
}

/** Sends JSON that is already serialized (typed replies expect the object, not its text). */
function sendSerialized(reply: FastifyReply, body: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(body);
}
