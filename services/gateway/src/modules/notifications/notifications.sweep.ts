import type { SubmissionNoticeKind } from "@tandem/db";
import type { FastifyBaseLogger } from "fastify";
import { refusedForGood } from "../../lib/mail-failures";
import type { Mail, Mailer } from "../../lib/mailer";
import { feedbackPolicyOf, shownScore } from "../submissions/submissions.view";
import { delayedNoticeMail, digestMail, failedNoticeMail } from "./notifications.mails";
import type { DigestDay, NoticeSubject, NotificationsRepository } from "./notifications.repository";

/** Notices concern recent submissions only: a first deploy or a long outage mails nothing old. */
export const NOTICE_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** Notices and digests one sweep sends at most; a backlog drains over the following sweeps. */
export const SWEEP_BATCH = 200;

export interface NotificationSettings {
  /** A submission still queued or scoring this long after it was sent gets a `delayed` notice. */
  delayMinutes: number;
  /** Digests of the previous UTC day go out from this UTC hour on. */
  digestHourUtc: number;
}

export interface NotificationSweepDeps {
  notifications: NotificationsRepository;
  mailer: Mailer;
  /** Whether the final standings are revealed: the digest then shows final scores. */
  isRevealed: () => Promise<boolean>;
  publicUrl: string;
  settings: NotificationSettings;
  logger?: Pick<FastifyBaseLogger, "info" | "warn">;
  batchSize?: number;
}

export interface SweepReport {
  failed: number;
  delayed: number;
  digests: number;
  /** Messages the mail server accepted. */
  mails: number;
  /** The mail server could not be reached; what was left waits for the next sweep. */
  interrupted: boolean;
}

/** The mail server is unreachable or refused for now: stop, and let the next sweep retry. */
class MailUnavailable extends Error {
  constructor(readonly causeCode: { code?: string; responseCode?: number }) {
    super("mail server unavailable");
  }
}

function mailErrorCode(err: unknown): { code?: string; responseCode?: number } {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  return {
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof responseCode === "number" ? { responseCode } : {}),
  };
}

/** The UTC day before `now`'s. */
export function previousUtcDay(now: Date): DigestDay {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(end.getTime() - 24 * 60 * 60 * 1000);
  return { key: start.toISOString().slice(0, 10), start, end };
}

/**
 * One pass: the `failed` and `delayed` notices that are due, then (from the digest hour on) the
 * digests of the previous UTC day. Each is claimed in the database while it is sent, so several
 * gateways sweeping at once send it once; a failed send leaves it for the next sweep. Members
 * already mailed before a send to a teammate breaks off are mailed again then: a notice is
 * recorded only once all its mails went out.
 */
export async function runNotificationSweep(
  deps: NotificationSweepDeps,
  now: Date = new Date(),
): Promise<SweepReport> {
  const { notifications, settings, publicUrl } = deps;
  const batch = deps.batchSize ?? SWEEP_BATCH;
  const report: SweepReport = { failed: 0, delayed: 0, digests: 0, mails: 0, interrupted: false };

  async function send(mails: Mail[]): Promise<number> {
    let delivered = 0;
    for (const mail of mails) {
      try {
        await deps.mailer.send(mail);
        delivered++;
      } catch (err) {
        if (!refusedForGood(err)) throw new MailUnavailable(mailErrorCode(err));
        deps.logger?.warn(mailErrorCode(err), "notification refused by the mail server for good");
      }
    }
    report.mails += delivered;
    return delivered;
  }

  function noticeMails(kind: SubmissionNoticeKind, subject: NoticeSubject): Mail[] | undefined {
    const { submission, teamName, recipients } = subject;
    if (kind === "failed") {
      if (submission.status !== "failed") return undefined;
      return recipients.map((recipient) =>
        failedNoticeMail({
          recipient,
          teamName,
          submission,
          publicUrl,
          errorMessage: submission.errorMessage,
        }),
      );
    }
    if (submission.status !== "queued" && submission.status !== "scoring") return undefined;
    return recipients.map((recipient) =>
      delayedNoticeMail({
        recipient,
        teamName,
        submission,
        publicUrl,
        delayMinutes: settings.delayMinutes,
      }),
    );
  }

  /** Runs one claim; `stop` when the mail server is unavailable and the sweep should end here. */
  async function attempt(
    what: Record<string, string>,
    claim: () => Promise<{ status: string }>,
  ): Promise<{ sent: boolean; stop: boolean }> {
    try {
      const outcome = await claim();
      return { sent: outcome.status === "sent", stop: false };
    } catch (err) {
      if (!(err instanceof MailUnavailable)) throw err;
      deps.logger?.warn(
        { ...what, ...err.causeCode },
        "notification not sent (mail server unavailable); retried at the next sweep",
      );
      report.interrupted = true;
      return { sent: false, stop: true };
    }
  }

  const due = await notifications.dueNotices({
    now,
    since: new Date(now.getTime() - NOTICE_LOOKBACK_MS),
    pendingBefore: new Date(now.getTime() - settings.delayMinutes * 60_000),
    limit: batch,
  });
  for (const notice of due) {
    const { sent, stop } = await attempt(
      { submissionId: notice.submissionId, kind: notice.kind },
      () =>
        notifications.claimNotice(notice.submissionId, notice.kind, async (tx) => {
          const subject = await notifications.noticeSubject(notice.submissionId, tx);
          const mails = subject && noticeMails(notice.kind, subject);
          return mails && send(mails);
        }),
    );
    if (sent) report[notice.kind]++;
    if (stop) return logged(deps, report);
  }

  const budget = batch - due.length;
  if (budget > 0 && now.getUTCHours() >= settings.digestHourUtc) {
    const day = previousUtcDay(now);
    const readers = await notifications.dueDigests(day, budget);
    // Read before any claim: PGlite runs nothing beside an open transaction.
    const revealed = readers.length > 0 && (await deps.isRevealed());
    for (const userId of readers) {
      const { sent, stop } = await attempt({ digestDay: day.key }, () =>
        notifications.claimDigest(userId, day, async (tx) => {
          const content = await notifications.digestContent(userId, day, tx);
          if (!content || content.submissions.length === 0) return undefined;
          const lines = content.submissions.map((submission) => {
            const { score, score_kind, feedback } = shownScore(
              submission,
              revealed,
              feedbackPolicyOf(submission.challengeKey),
            );
            return {
              scoredAt: submission.scoredAt ?? day.start,
              challengeKey: submission.challengeKey,
              metricName: submission.metricName,
              score,
              scoreKind: score_kind,
              counted: submission.counted,
              notSignificant: feedback.significant_improvement === false,
            };
          });
          return send([
            digestMail({
              recipient: content.recipient,
              teamName: content.teamName,
              day: day.key,
              lines,
              publicUrl,
            }),
          ]);
        }),
      );
      if (sent) report.digests++;
      if (stop) break;
    }
  }
  return logged(deps, report);
}

/** One line per sweep that did something: counts only, never addresses or mail text. */
function logged(deps: NotificationSweepDeps, report: SweepReport): SweepReport {
  if (report.failed + report.delayed + report.digests > 0 || report.interrupted) {
    deps.logger?.info(report, "notification sweep");
  }
  return report;
}
