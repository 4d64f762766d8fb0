import type { Challenge, Competition } from "@tandem/competition";
import type { SubmissionHistoryItem } from "../../api/submissions/requests";

/** One challenge's submissions that may be marked final, newest first. */
export interface FinalChoice {
  key: string;
  /** "C1: {challenge title}". */
  title: string;
  /** "{domain name} C1: {challenge title}", for labels read out of context. */
  fullName: string;
  limit: number;
  marked: number;
  submissions: SubmissionHistoryItem[];
}

export interface DomainFinalChoices {
  domain: string;
  challenges: FinalChoice[];
}

/** Only a scored submission made inside the window (counted) can be final (ADR 0009). */
export function canBeFinal(item: SubmissionHistoryItem): boolean {
  return item.status === "scored" && item.counted && item.score !== null;
}

function choiceFor(
  competition: Competition,
  key: string,
  domain: string,
  number: number,
  challenge?: Challenge,
) {
  const title = challenge ? `C${challenge.number}: ${challenge.title}` : `C${number}`;
  return {
    key,
    title,
    fullName: `${domain} ${title}`,
    limit: challenge?.finalSubmissions ?? competition.definition.limits.final_picks,
  };
}

/**
 * The team's submissions that may be marked final, by domain (in the competition's order) and
 * challenge (by number), newest first; challenges without one are left out.
 */
export function finalChoices(
  competition: Competition,
  items: readonly SubmissionHistoryItem[],
): DomainFinalChoices[] {
  const domainOrder = (name: string) => {
    const index = competition.domains.findIndex((d) => d.name === name);
    return index === -1 ? competition.domains.length : index;
  };
  const byChallenge = new Map<string, FinalChoice & { domain: string; number: number }>();
  for (const item of items) {
    if (!canBeFinal(item)) continue;
    let choice = byChallenge.get(item.challenge_key);
    if (!choice) {
      const base = choiceFor(
        competition,
        item.challenge_key,
        item.domain,
        item.challenge,
        competition.challengeByKey(item.challenge_key),
      );
      choice = { ...base, domain: item.domain, number: item.challenge, marked: 0, submissions: [] };
      byChallenge.set(item.challenge_key, choice);
    }
    choice.submissions.push(item);
    if (item.final) choice.marked += 1;
  }

  const domains = new Map<string, DomainFinalChoices>();
  const sorted = [...byChallenge.values()].sort(
    (a, b) => domainOrder(a.domain) - domainOrder(b.domain) || a.number - b.number,
  );
  for (const { domain, number: _number, ...choice } of sorted) {
    choice.submissions.sort((a, b) => b.created_at.localeCompare(a.created_at));
    const group = domains.get(domain) ?? { domain, challenges: [] };
    group.challenges.push(choice);
    domains.set(domain, group);
  }
  return [...domains.values()];
}

/** The one limit every listed challenge shares, or null when they differ. */
export function sharedLimit(domains: readonly DomainFinalChoices[]): number | null {
  const limits = new Set(domains.flatMap((d) => d.challenges.map((c) => c.limit)));
  return limits.size === 1 ? [...limits][0]! : null;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** When a submission was made, to the second (a team may submit twice in a minute). */
export function formatSubmittedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}
