import { challengeByKey, findDomain } from "@tandem/competition/server";
import type { ScoreKind } from "@tandem/contracts";
import { greeting, yourTeam } from "../../lib/mail-text";
import type { Mail } from "../../lib/mailer";
import type { Recipient } from "./notifications.repository";

/** The product as the other mails name it (the password reset's). */
const PRODUCT = "Tandem";

/** A digest lists this many submissions; the dashboard has the rest. */
export const DIGEST_MAX_LINES = 50;

/** "{domain name} challenge {n}: {title}"; the key itself for an unknown one. */
export function challengeTitle(challengeKey: string): string {
  const challenge = challengeByKey(challengeKey);
  if (!challenge) return challengeKey;
  const domain = findDomain(challenge.domain)?.name ?? challenge.domain;
  return `${domain} challenge ${challenge.number}: ${challenge.title}`;
}

/** "2025-10-20 14:05 UTC": every recipient reads the same clock as the daily limit's. */
export function utcTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function formatScore(score: number | null): string {
  return score === null ? "no score" : String(Number(score.toFixed(4)));
}

function problemsFooter(publicUrl: string): string[] {
  return [
    "",
    "--",
    `You receive this because e-mails about submission problems are on for your ${PRODUCT} account.`,
    `To switch them off, open your dashboard: ${publicUrl}/dashboard`,
  ];
}

interface NoticeInput {
  recipient: Recipient;
  teamName: string;
  submission: { id: string; challengeKey: string; createdAt: Date };
  publicUrl: string;
}

export function failedNoticeMail(input: NoticeInput & { errorMessage: string | null }): Mail {
  const { recipient, submission, publicUrl } = input;
  const title = challengeTitle(submission.challengeKey);
  return {
    to: recipient.email,
    subject: `[${PRODUCT}] Your submission to ${title} failed`,
    text: [
      greeting(recipient),
      "",
      `A submission of ${yourTeam(recipient, input.teamName)} failed on the platform before it could be scored.`,
      "",
      `Challenge: ${title}`,
      `Sent: ${utcTime(submission.createdAt)}`,
      `What failed: ${input.errorMessage ?? "Scoring failed on the platform."}`,
      "",
      "This was a problem on our side, not in your file: it does not count against your team's",
      "daily limit, and you can send the same file again.",
      "",
      `The submission: ${publicUrl}/submissions/${submission.id}`,
      ...problemsFooter(publicUrl),
    ].join("\n"),
  };
}

export function delayedNoticeMail(input: NoticeInput & { delayMinutes: number }): Mail {
  const { recipient, submission, publicUrl } = input;
  const title = challengeTitle(submission.challengeKey);
  return {
    to: recipient.email,
    subject: `[${PRODUCT}] Your submission to ${title} is still waiting to be scored`,
    text: [
      greeting(recipient),
      "",
      `A submission of ${yourTeam(recipient, input.teamName)} is still waiting to be scored more than`,
      `${input.delayMinutes} minutes after it was sent. Scoring is running late on our side, and we are on it.`,
      "",
      `Challenge: ${title}`,
      `Sent: ${utcTime(submission.createdAt)}`,
      "",
      "It keeps its place: it will be scored as soon as the platform catches up, and its page",
      `shows the score then: ${publicUrl}/submissions/${submission.id}`,
      ...problemsFooter(publicUrl),
    ].join("\n"),
  };
}

export interface DigestLine {
  scoredAt: Date;
  challengeKey: string;
  metricName: string;
  score: number | null;
  scoreKind: ScoreKind;
  counted: boolean;
  /** Under the ladder policy: not a significant improvement, `score` is the team's best shown. */
  notSignificant: boolean;
}

export function digestMail(input: {
  recipient: Recipient;
  teamName: string;
  day: string;
  lines: DigestLine[];
  publicUrl: string;
}): Mail {
  const { recipient, lines, publicUrl } = input;
  const shown = lines.slice(0, DIGEST_MAX_LINES).map((line) => {
    const kind =
      line.notSignificant && line.score === null
        ? "not shown until a score beats the baseline"
        : line.notSignificant
          ? `your team's best ${line.scoreKind === "final" ? "final" : "public"} score shown; not a significant improvement`
          : line.scoreKind === "final"
            ? "final score"
            : "public score";
    return [
      `- ${utcTime(line.scoredAt).slice(11)}`,
      challengeTitle(line.challengeKey),
      `${line.metricName} ${formatScore(line.score)} (${kind})`,
      line.counted ? "counted" : "practice",
    ].join(" | ");
  });
  const more = lines.length - shown.length;
  return {
    to: recipient.email,
    subject: `[${PRODUCT}] Your team's scored submissions on ${input.day}`,
    text: [
      greeting(recipient),
      "",
      `Submissions of ${yourTeam(recipient, input.teamName)} scored on ${input.day} (UTC): ${lines.length}.`,
      "",
      ...shown,
      ...(more > 0 ? [`... and ${more} more.`] : []),
      "",
      ...(lines.some((line) => !line.counted)
        ? [
            "Practice submissions (sent outside the competition window or before the team was",
            "activated) are scored but do not count.",
          ]
        : []),
      `Your dashboard: ${publicUrl}/dashboard`,
      "",
      "--",
      `You receive this daily digest because you switched it on for your ${PRODUCT} account.`,
      `To switch it off, open your dashboard: ${publicUrl}/dashboard`,
    ].join("\n"),
  };
}

/** Issue 33: an organizer activated the team, or declined its activation request. */
export function activationDecisionMail(input: {
  recipient: Recipient;
  teamName: string;
  decision: "activated" | "declined";
  /** The organizer's reason for declining; null when they gave none. */
  reason: string | null;
  publicUrl: string;
}): Mail {
  const { recipient, publicUrl } = input;
  const team = yourTeam(recipient, input.teamName);
  const footer = [
    "",
    "--",
    `You receive this because you are a member of this team on ${PRODUCT}.`,
  ];
  if (input.decision === "activated") {
    return {
      to: recipient.email,
      subject: `[${PRODUCT}] Your team is active`,
      text: [
        greeting(recipient),
        "",
        `An organizer activated ${team}. Its competition timer has started and submissions are`,
        "enabled: your team can submit from the dashboard or with the Python package now.",
        "",
        `Your dashboard: ${publicUrl}/dashboard`,
        ...footer,
      ].join("\n"),
    };
  }
  return {
    to: recipient.email,
    subject: `[${PRODUCT}] Your team's activation request was declined`,
    text: [
      greeting(recipient),
      "",
      `An organizer declined the activation request of ${team}.`,
      "",
      `Reason: ${input.reason ?? "none given."}`,
      "",
      "What to do: sort out what the reason asks for, then ask again from your dashboard",
      "(your team can send a new request with a message). Contact the organizers with any questions.",
      "",
      `Your dashboard: ${publicUrl}/dashboard`,
      ...footer,
    ].join("\n"),
  };
}
