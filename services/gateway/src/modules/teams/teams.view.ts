import type { TeamView } from "@tandem/contracts";
import { decryptApiKey } from "../../lib/api-keys";
import { memberFields } from "../../lib/team-members";
import { activationRequestOf } from "./activation-request";
import type { TeamWithMembers } from "./teams.repository";

type Role = TeamView["user_role"];

/**
 * The team as its own member sees it, API key and invite code included (docs/product.md#records).
 */
export function toTeamView(
  { team, members }: TeamWithMembers,
  viewerId: string,
  {
    encryptionKey,
    maxMembers,
    totalScore = 0,
  }: {
    encryptionKey: Buffer;
    maxMembers: number;
    totalScore?: number;
  },
): TeamView {
  return {
    id: team.id,
    team_id: team.id,
    team_name: team.name,
    api_key: decryptApiKey(team.apiKeyEncrypted, encryptionKey),
    invite_code: team.inviteCode,
    status: team.status,
    created_at: team.createdAt.toISOString(),
    activated_at: team.activatedAt?.toISOString() ?? null,
    disqualified: team.disqualifiedAt !== null,
    disqualification_reason: team.disqualifiedAt ? team.disqualificationReason : null,
    activation_request: activationRequestOf(team),
    total_score: totalScore,
    members: members.map((m) => ({ user_id: m.userId, ...memberFields(m) })),
    member_count: members.length,
    max_members: maxMembers,
    user_role: (members.find((m) => m.userId === viewerId)?.role ?? "member") as Role,
  };
}
