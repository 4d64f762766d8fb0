import type {
  FinalCandidatesChallenge,
  SubmissionHistoryItem,
} from "../../api/submissions/requests";

/** One challenge's submissions the card lists, newest first. */
export interface FinalChoice {
  key: string;
  /** "C1: {challenge title}". */
  title: string;
  /** "{domain name} C1: {challenge title}", for labels read out of context. */
  fullName: string;
  limit: number;
  marked: number;
  /** All the team's submissions to it that may be marked final (more than are listed). */
  eligible: number;
  submissions: SubmissionHistoryItem[];
}

export interface DomainFinalChoices {
  domain: string;
  challenges: FinalChoice[];
}

/**
 * The server's candidates (`GET /api/submissions/final-candidates`, in the competition's order)
 * grouped by domain for the card.
 */
export function finalChoices(
  challenges: readonly FinalCandidatesChallenge[],
): DomainFinalChoices[] {
  const domains = new Map<string, DomainFinalChoices>();
  for (const challenge of challenges) {
    const title = `C${challenge.challenge}: ${challenge.title}`;
    const group = domains.get(challenge.domain) ?? { domain: challenge.domain, challenges: [] };
    group.challenges.push({
      key: challenge.challenge_key,
      title,
      fullName: `${challenge.domain} ${title}`,
      limit: challenge.limit,
      marked: challenge.marked,
      eligible: challenge.eligible,
      submissions: challenge.candidates,
    });
    domains.set(challenge.domain, group);
  }
  return [...domains.values()];
}

/** A submission's first eight characters: enough to tell two apart, and to find it again. */
export function shortId(submissionId: string): string {
  return submissionId.slice(0, 8);
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
