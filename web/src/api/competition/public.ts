import { type PublicCompetition, publicCompetitionSchema } from "@tandem/competition";
import { api } from "../client";

export const PUBLIC_COMPETITION_KEY = "/competition";

/** `GET /api/competition`: the active definition and the clock; checked against its schema. */
export function fetchPublicCompetition(): Promise<PublicCompetition> {
  return api.getParsed(PUBLIC_COMPETITION_KEY, publicCompetitionSchema);
}
