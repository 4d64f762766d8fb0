import { METRICS } from "@tandem/competition";
import { domains } from "@tandem/competition/server";
import {
  type AdminTeamDetail,
  type AdminTeamFlag,
  type AdminTeamRow,
  adminActivateTeamsRequestSchema,
  adminActivateTeamsResponseSchema,
  adminDeclineActivationRequestSchema,
  adminDisqualifyRequestSchema,
  adminRemoveMemberResponseSchema,
  adminRotateKeyResponseSchema,
  adminTeamActionResponseSchema,
  adminTeamDetailSchema,
  adminTeamMemberParamsSchema,
  adminTeamParamsSchema,
  adminTeamsPageSchema,
  adminTeamsQuerySchema,
  adminTeamUpdateRequestSchema,
  errorResponseSchema as errorSchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { encryptApiKey, generateApiKey, hashApiKey } from "../../../lib/api-keys";
import { conflict, notFound } from "../../../lib/http-error";
import { decodeCursor, keysetPage } from "../../../lib/keyset-page";
import { memberFields } from "../../../lib/team-members";
import { activationRequestOf } from "../../teams/activation-request";
import { generateInviteCode } from "../../teams/invite-codes";
import type { TeamFlagsReader } from "./admin-teams.flags";
import {
  type AdminTeamRecord,
  type AdminTeamsRepository,
  TEAM_SORT_KINDS,
} from "./admin-teams.repository";

export interface AdminTeamsRoutesOptions {
  teams: AdminTeamsRepository;
  flags: TeamFlagsReader;
  encryptionKey: Buffer;
  /** Who is ranked changed (activated, deactivated, disqualified...): rewrite the cached rankings. */
  onTeamsChanged: () => Promise<unknown>;
}

const LATEST_SUBMISSIONS = 50;
const ACTIVATE_BODY_LIMIT_BYTES = 32 * 1024;
const TEAM_NOT_FOUND = "Team not found (or dissolved).";

/** The organizers' teams: list, detail and actions, each action audited. */
export async function adminTeamsRoutes(
  app: FastifyInstance,
  { teams, flags, encryptionKey, onTeamsChanged }: AdminTeamsRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: errorSchema, 403: errorSchema };
  const action = {
    ...denied,
    200: adminTeamActionResponseSchema,
    400: errorSchema,
    404: errorSchema,
  };

  async function rowOf(teamId: string): Promise<AdminTeamRow> {
    const record = await teams.find(teamId);
    if (!record) throw notFound("team.not_found", TEAM_NOT_FOUND);
    return toRow(record, (await flags.flagsOf([teamId])).get(teamId));
  }

  /** Answers an action's outcome; the rankings are rewritten when who is ranked changed. */
  async function answer(teamId: string, outcome: { changed: boolean } | undefined) {
    if (!outcome) throw notFound("team.not_found", TEAM_NOT_FOUND);
    if (outcome.changed) await onTeamsChanged();
    return { changed: outcome.changed, team: await rowOf(teamId) };
  }

  /** `POST /admin/teams/:id/<verb>`: a change of standing that needs nothing but the team. */
  function standingRoute(verb: "deactivate" | "reinstate", change: typeof teams.deactivate) {
    r.post(
      `/admin/teams/:id/${verb}`,
      { schema: { params: adminTeamParamsSchema, response: action } },
      async (request) =>
        answer(request.params.id, await change(request.account, request.params.id)),
    );
  }

  r.get(
    "/admin/teams",
    {
      schema: {
        querystring: adminTeamsQuerySchema,
        response: { 200: adminTeamsPageSchema, 400: errorSchema, ...denied },
      },
    },
    async (request) => {
      const { query, status, flagged, sort, order, limit, cursor } = request.query;
      const scope = `teams:${sort}:${order}`;
      const after = cursor ? decodeCursor(cursor, scope, TEAM_SORT_KINDS[sort]) : undefined;
      const everyFlag = flagged ? await flags.flagsOf("all") : undefined;
      const rows = await teams.list(
        {
          query: query || undefined,
          standing: status,
          ...(everyFlag ? { teamIds: [...everyFlag.keys()] } : {}),
          sort,
          order,
          after,
        },
        limit + 1,
      );
      const page = keysetPage(rows, limit, scope, (row) => ({ key: row.sortKey, id: row.team.id }));
      const flagsOf = everyFlag ?? (await flags.flagsOf(page.items.map((row) => row.team.id)));
      return {
        teams: page.items.map((record) => toRow(record, flagsOf.get(record.team.id))),
        next_cursor: page.next_cursor,
      };
    },
  );

  r.get(
    "/admin/teams/:id",
    {
      schema: {
        params: adminTeamParamsSchema,
        response: { 200: adminTeamDetailSchema, 400: errorSchema, 404: errorSchema, ...denied },
      },
    },
    async (request): Promise<AdminTeamDetail> => {
      const teamId = request.params.id;
      const row = await rowOf(teamId);
      const [members, stats, latest] = await Promise.all([
        teams.members(teamId),
        teams.challengeStats(teamId),
        teams.latestSubmissions(teamId, LATEST_SUBMISSIONS),
      ]);
      const statsOf = new Map(stats.map((s) => [s.challengeKey, s]));
      return {
        ...row,
        team_members: members.map((m) => ({ id: m.userId, ...memberFields(m) })),
        challenges: domains().flatMap((domain) =>
          domain.challenges.map((challenge) => {
            const s = statsOf.get(challenge.key);
            const best = METRICS[challenge.metric].higherIsBetter ? s?.highest : s?.lowest;
            return {
              challenge_key: challenge.key,
              submissions: s?.total ?? 0,
              best_public_score: best ?? null,
            };
          }),
        ),
        latest_submissions: latest.map((s) => ({
          id: s.id,
          challenge_key: s.challengeKey,
          status: s.status,
          public_score: s.metricValue,
          counted: s.counted,
          submitted_via: s.submittedVia,
          error_message: s.errorMessage,
          created_at: s.createdAt.toISOString(),
          scored_at: s.scoredAt?.toISOString() ?? null,
        })),
      };
    },
  );

  r.post(
    "/admin/teams/activate",
    {
      // 500 quoted UUIDs are ~20 KiB, over the app's default body limit.
      bodyLimit: ACTIVATE_BODY_LIMIT_BYTES,
      schema: {
        body: adminActivateTeamsRequestSchema,
        response: { 200: adminActivateTeamsResponseSchema, 400: errorSchema, ...denied },
      },
    },
    async (request) => {
      const results = await teams.activateMany(request.account, request.body.team_ids);
      if (results.some((result) => result.outcome === "activated")) await onTeamsChanged();
      return {
        results: results.map((result) => ({ team_id: result.teamId, outcome: result.outcome })),
      };
    },
  );

  r.post(
    "/admin/teams/:id/decline-activation",
    {
      schema: {
        params: adminTeamParamsSchema,
        body: adminDeclineActivationRequestSchema,
        response: { ...action, 409: errorSchema },
      },
    },
    async (request) => {
      const teamId = request.params.id;
      const declined = await teams.declineActivation(
        request.account,
        teamId,
        request.body?.reason || null,
      );
      if (!declined) throw notFound("team.not_found", TEAM_NOT_FOUND);
      if (declined === "no-request") {
        throw conflict(
          "team.activation_not_requested",
          "This team has no activation request waiting for an answer.",
        );
      }
      // Nobody's ranking changes: the team was inactive and stays so.
      return { changed: true, team: await rowOf(teamId) };
    },
  );

  standingRoute("deactivate", teams.deactivate);

  r.post(
    "/admin/teams/:id/disqualify",
    {
      schema: {
        params: adminTeamParamsSchema,
        body: adminDisqualifyRequestSchema,
        response: action,
      },
    },
    async (request) =>
      answer(
        request.params.id,
        await teams.disqualify(request.account, request.params.id, request.body.reason),
      ),
  );

  standingRoute("reinstate", teams.reinstate);

  r.patch(
    "/admin/teams/:id",
    {
      schema: {
        params: adminTeamParamsSchema,
        body: adminTeamUpdateRequestSchema,
        response: action,
      },
    },
    async (request) => {
      const outcome = await teams.setDailyLimit(
        request.account,
        request.params.id,
        request.body.daily_limit,
      );
      if (!outcome) throw notFound("team.not_found", TEAM_NOT_FOUND);
      // A daily limit changes no ranking.
      return { changed: outcome.changed, team: await rowOf(request.params.id) };
    },
  );

  r.post(
    "/admin/teams/:id/rotate-key",
    {
      schema: {
        params: adminTeamParamsSchema,
        response: {
          200: adminRotateKeyResponseSchema,
          400: errorSchema,
          404: errorSchema,
          ...denied,
        },
      },
    },
    async (request) => {
      const apiKey = generateApiKey();
      const rotated = await teams.rotateKey(request.account, request.params.id, {
        apiKeyHash: hashApiKey(apiKey),
        apiKeyEncrypted: encryptApiKey(apiKey, encryptionKey),
      });
      if (!rotated) throw notFound("team.not_found", TEAM_NOT_FOUND);
      return {
        success: true,
        message:
          "The team has a new API key; the old one no longer works. Its members see the new key on their dashboard.",
      };
    },
  );

  r.delete(
    "/admin/teams/:id/members/:userId",
    {
      schema: {
        params: adminTeamMemberParamsSchema,
        response: {
          200: adminRemoveMemberResponseSchema,
          400: errorSchema,
          404: errorSchema,
          ...denied,
        },
      },
    },
    async (request) => {
      const { id: teamId, userId } = request.params;
      // The removed member knew the key and the invite code: both are replaced with the removal.
      const apiKey = generateApiKey();
      const removed = await teams.removeMember(request.account, teamId, userId, {
        apiKeyHash: hashApiKey(apiKey),
        apiKeyEncrypted: encryptApiKey(apiKey, encryptionKey),
        inviteCode: generateInviteCode(),
      });
      if (removed.outcome === "no-team") throw notFound("team.not_found", TEAM_NOT_FOUND);
      if (removed.outcome !== "removed")
        throw notFound("team.member_not_found", "That user is not a member of this team.");
      if (removed.ended) await onTeamsChanged();
      return { team_id: teamId, user_id: userId, ended: removed.ended };
    },
  );
}

function toRow(record: AdminTeamRecord, flags: AdminTeamFlag[] = []): AdminTeamRow {
  const { team } = record;
  return {
    id: team.id,
    name: team.name,
    status: team.status,
    standing: record.standing,
    disqualified: team.disqualifiedAt !== null,
    disqualified_at: team.disqualifiedAt?.toISOString() ?? null,
    disqualification_reason: team.disqualificationReason,
    members: record.members,
    submissions: record.submissions,
    last_submission_at: record.lastSubmissionAt?.toISOString() ?? null,
    activated_at: team.activatedAt?.toISOString() ?? null,
    created_at: team.createdAt.toISOString(),
    daily_limit: team.dailyLimit,
    activation_request: activationRequestOf(team),
    flags,
  };
}
