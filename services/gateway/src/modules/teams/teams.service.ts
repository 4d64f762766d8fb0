import { MESSAGES } from "@tandem/contracts";
import { type Team, UNIQUE_INDEXES } from "@tandem/db";
import { encryptApiKey, generateApiKey, hashApiKey } from "../../lib/api-keys";
import { uniqueViolation } from "../../lib/db-errors";
import { conflict } from "../../lib/http-error";
import { generateInviteCode } from "./invite-codes";
import type { TeamsRepository } from "./teams.repository";

/**
 * Creates a team with `userId` as its creator, a new API key and a new invite code: the one way
 * a team is made, by the dashboard (`POST /teams/create`) and the SDK (`POST /auth/register`).
 * `teams` may be bound to a transaction the caller has open. A user already in a team, or a
 * name a live team has, is refused with 409 (`alreadyInTeam` is the caller's message for the
 * former), also when a concurrent request wins the race past the checks.
 */
export async function createTeamForUser(
  teams: TeamsRepository,
  {
    userId,
    name,
    encryptionKey,
    alreadyInTeam,
  }: { userId: string; name: string; encryptionKey: Buffer; alreadyInTeam: string },
): Promise<{ team: Team; apiKey: string }> {
  if (await teams.teamIdOfUser(userId)) throw conflict("team.already_member", alreadyInTeam);
  if (await teams.nameTaken(name)) throw conflict("team.name_taken", MESSAGES.teamNameTaken(name));
  const apiKey = generateApiKey();
  try {
    const team = await teams.create({
      name,
      creatorId: userId,
      apiKeyHash: hashApiKey(apiKey),
      apiKeyEncrypted: encryptApiKey(apiKey, encryptionKey),
      inviteCode: generateInviteCode(),
    });
    return { team, apiKey };
  } catch (error) {
    // Lost a race with a concurrent request: report it as the checks above would have.
    const constraint = uniqueViolation(error);
    if (constraint === UNIQUE_INDEXES.teamName)
      throw conflict("team.name_taken", MESSAGES.teamNameTaken(name));
    if (constraint === UNIQUE_INDEXES.oneTeamPerUser)
      throw conflict("team.already_member", alreadyInTeam);
    throw error;
  }
}
