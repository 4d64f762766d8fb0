import { type CompetitionDomain, competitionDomainsResponseSchema } from "@tandem/contracts";
import { api } from "../client";

export type { CompetitionDomain, DomainChallenge, DomainFile } from "@tandem/contracts";

export const COMPETITION_DOMAINS_KEY = "/competition/domains";

/** Every domain with its page content; an UnexpectedResponseError when the body is not that. */
export async function fetchCompetitionDomains(): Promise<CompetitionDomain[]> {
  const body = await api.getParsed(COMPETITION_DOMAINS_KEY, competitionDomainsResponseSchema);
  return body.domains;
}
