import {
  ACTIVATION_ANSWERS,
  createTeamRequestSchema,
  createTeamResponseSchema,
  DEFAULT_TEAM_MAX_MEMBERS,
  errorResponseSchema as errorSchema,
  joinTeamRequestSchema,
  joinTeamResponseSchema,
  leaveTeamResponseSchema,
  removeMemberRequestSchema,
  removeMemberResponseSchema,
  requestActivationRequestSchema,
  requestActivationResponseSchema,
  rotateInviteResponseSchema,
  rotateKeyResponseSchema,
  teamsResponseSchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { encryptApiKey, generateApiKey, hashApiKey } from "../../lib/api-keys";
import { uniqueViolation } from "../../lib/db-errors";
import { badRequest, conflict, forbidden, notFound } from "../../lib/http-error";
import type { FreshCredentials } from "../../lib/team-departure";
import { generateInviteCode, normalizeInviteCode } from "./invite-codes";
import type { JoinOutcome, TeamsRepository } from "./teams.repository";
import { createTeamForUser } from "./teams.service";
import { toTeamView } from "./teams.view";
import { assertMayFormTeam } from "./verified-email-guard";

const ALREADY_IN_TEAM = "You are already in a team. Leave it before creating or joining another.";
const NOT_IN_TEAM = "You are not in a team.";

export interface TeamRoutesOptions {
  teams: TeamsRepository;
  encryptionKey: Buffer;
  totalScoreOf: (teamId: string) => Promise<number>;
  /** Who is ranked changed (a team activated or dissolved): rewrite the cached rankings. */
  onTeamsChanged: () => Promise<unknown>;
  /** The most members a team may have; DEFAULT_TEAM_MAX_MEMBERS when absent. */
  maxMembers?: number;
  /** Whether the organizers require a verified address to create or join a team. */
  requireVerifiedEmail?: () => Promise<boolean>;
}

/** Shown as typed, cut short: the answer must not become a mirror for long input. */
function quoted(input: string): string {
  return input.length > 40 ? `${input.slice(0, 40)}…` : input;
}

/** Routes for signed-in users; the scope's hook rejects requests without a session. */
export async function teamRoutes(
  app: FastifyInstance,
  {
    teams,
    encryptionKey,
    totalScoreOf,
    onTeamsChanged,
    maxMembers = DEFAULT_TEAM_MAX_MEMBERS,
    requireVerifiedEmail = async () => false,
  }: TeamRoutesOptions,
) {
  app.addHook("onRequest", app.authenticate);
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function viewOf(teamId: string, viewerId: string, withScore = true) {
    const team = await teams.withMembers(teamId);
    if (!team) throw notFound("team.not_found", "Team not found");
    const totalScore = withScore ? await totalScoreOf(teamId) : 0;
    return toTeamView(team, viewerId, { encryptionKey, maxMembers, totalScore });
  }

  function freshCredentials(): FreshCredentials {
    const apiKey = generateApiKey();
    return {
      apiKeyHash: hashApiKey(apiKey),
      apiKeyEncrypted: encryptApiKey(apiKey, encryptionKey),
      inviteCode: generateInviteCode(),
    };
  }

  /** The caller's team, when they may manage it (creator or owner). */
  async function managedTeamOf(userId: string, action: string): Promise<string> {
    const teamId = await teams.teamIdOfUser(userId);
    if (!teamId) throw notFound("team.not_member", NOT_IN_TEAM);
    const role = await teams.roleOf(teamId, userId);
    if (role !== "creator" && role !== "owner") {
      throw forbidden("team.owner_only", `Only the team's creator or owner can ${action}.`);
    }
    return teamId;
  }

  r.get("/teams", { schema: { response: { 200: teamsResponseSchema } } }, async (request) => {
    const userId = request.user.userId;
    const teamId = await teams.teamIdOfUser(userId);
    const team = teamId ? await teams.withMembers(teamId) : undefined;
    if (!team) return { teams: [] };
    const totalScore = await totalScoreOf(team.team.id);
    return { teams: [toTeamView(team, userId, { encryptionKey, maxMembers, totalScore })] };
  });

  r.post(
    "/teams/create",
    {
      schema: {
        body: createTeamRequestSchema,
        response: {
          201: createTeamResponseSchema,
          403: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { team_name: name } = request.body;
      const userId = request.user.userId;
      assertMayFormTeam(request.account, await requireVerifiedEmail());
      const { team: created } = await createTeamForUser(teams, {
        userId,
        name,
        encryptionKey,
        alreadyInTeam: ALREADY_IN_TEAM,
      });
      return reply.status(201).send({
        success: true,
        team: await viewOf(created.id, userId, false),
        message: `Team "${name}" created.`,
      });
    },
  );

  r.post(
    "/teams/join",
    {
      schema: {
        body: joinTeamRequestSchema,
        response: {
          200: joinTeamResponseSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const userId = request.user.userId;
      assertMayFormTeam(request.account, await requireVerifiedEmail());
      const typed = request.body.team_id;
      // The team ID is public (leaderboard rows carry it), so it never joins; only the secret
      // invite code does. A team ID gets the same answer as any unknown code.
      const joined = await joinTeam(normalizeInviteCode(typed), userId);
      if (joined.outcome === "no-team") {
        throw notFound(
          "team.invite_invalid",
          `No team has the invite code "${quoted(typed)}". Ask your team's owner for its current invite code.`,
        );
      }
      if (joined.outcome === "already-in-team")
        throw conflict("team.already_member", ALREADY_IN_TEAM);
      if (joined.outcome === "full") {
        throw conflict(
          "team.full",
          `Team "${joined.teamName}" is full: a team has at most ${maxMembers} members.`,
        );
      }
      const team = await viewOf(joined.teamId, userId);
      return { success: true, message: `You joined team "${team.team_name}".`, team };
    },
  );

  async function joinTeam(inviteCode: string, userId: string): Promise<JoinOutcome> {
    try {
      return await teams.join(inviteCode, userId, maxMembers);
    } catch (error) {
      // The one-team-per-user index decided a race between two joins.
      if (uniqueViolation(error)) return { outcome: "already-in-team" };
      throw error;
    }
  }

  r.post(
    "/teams/leave",
    { schema: { response: { 200: leaveTeamResponseSchema, 404: errorSchema } } },
    async (request) => {
      // The leaver knew the key and the invite code: the remaining members get new ones (their
      // team view shows them), exactly as when an owner removes a member.
      const left = await teams.leave(request.user.userId, freshCredentials());
      if (!left) throw notFound("team.not_member", NOT_IN_TEAM);
      if (left.ended) await onTeamsChanged();
      const you = `You left team "${left.teamName}".`;
      const messages = {
        dissolved: `${you} You were its last member, so the team was dissolved; its submissions are kept for the record.`,
        deleted: `${you} You were its last member, so the team was deleted.`,
        none: `${you} The team has a new API key and invite code; you can rejoin later with its current invite code.`,
      };
      return { success: true, message: messages[left.ended ?? "none"] };
    },
  );

  r.post(
    "/teams/request-activation",
    {
      schema: {
        body: requestActivationRequestSchema,
        response: {
          200: requestActivationResponseSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const userId = request.user.userId;
      const message = request.body?.message || null;
      const asked = await teams.requestActivation(userId, message);
      switch (asked.outcome) {
        case "no-team":
          throw notFound("team.not_member", NOT_IN_TEAM);
        case "active":
          throw conflict("team.already_active", ACTIVATION_ANSWERS.alreadyActive);
        case "disqualified":
          throw conflict("team.disqualified", ACTIVATION_ANSWERS.disqualified);
        case "pending":
          throw conflict(
            "team.activation_pending",
            ACTIVATION_ANSWERS.pending(
              asked.requestedAt.toISOString().slice(0, 16).replace("T", " "),
            ),
          );
      }
      return {
        success: true,
        message: ACTIVATION_ANSWERS.requested,
        team: await viewOf(asked.teamId, userId),
      };
    },
  );

  r.post(
    "/teams/rotate-key",
    {
      schema: {
        response: {
          200: rotateKeyResponseSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const teamId = await managedTeamOf(request.user.userId, "rotate its API key");
      const apiKey = generateApiKey();
      await teams.rotateKey(teamId, hashApiKey(apiKey), encryptApiKey(apiKey, encryptionKey));
      return {
        success: true,
        message: "New API key issued; the old one no longer works.",
        api_key: apiKey,
      };
    },
  );

  r.post(
    "/teams/rotate-invite",
    {
      schema: {
        response: {
          200: rotateInviteResponseSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const teamId = await managedTeamOf(request.user.userId, "issue a new invite code");
      const inviteCode = generateInviteCode();
      await teams.rotateInviteCode(teamId, inviteCode);
      return {
        success: true,
        message: "New invite code issued; the old one no longer joins the team.",
        invite_code: inviteCode,
      };
    },
  );

  r.post(
    "/teams/remove-member",
    {
      schema: {
        body: removeMemberRequestSchema,
        response: {
          200: removeMemberResponseSchema,
          400: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const userId = request.user.userId;
      const memberId = request.body.user_id;
      if (memberId === userId) {
        throw badRequest(
          "team.cannot_remove_self",
          "You cannot remove yourself. Use Leave Team instead.",
        );
      }
      // The removed member knew the key and the code: both are replaced with the removal.
      const removed = await teams.removeMember(userId, memberId, freshCredentials());
      switch (removed.outcome) {
        case "no-team":
          throw notFound("team.not_member", NOT_IN_TEAM);
        case "not-owner":
          throw forbidden(
            "team.owner_only",
            "Only the team's creator or owner can remove members.",
          );
        case "not-member":
          throw notFound("team.member_not_found", "That user is not a member of your team.");
        case "owner-target":
          throw forbidden(
            "team.owner_not_removable",
            "The team's creator or owner cannot be removed; they can leave.",
          );
      }
      return {
        success: true,
        message: `${removed.username} was removed from the team. The team has a new API key and a new invite code; the old ones no longer work.`,
        team: await viewOf(removed.teamId, userId),
      };
    },
  );
}
