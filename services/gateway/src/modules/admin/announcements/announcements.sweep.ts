import type { FastifyBaseLogger } from "fastify";
import { MailUnavailable, refusedForGood } from "../../../lib/mail-failures";
import type { Mailer } from "../../../lib/mailer";
import { announcementMail, unsubscribeToken } from "./announcements.mails";
import type { AnnouncementsRepository } from "./announcements.repository";

/** Announcement e-mails one sweep sends at most; a larger audience drains over the next ones. */
export const ANNOUNCEMENT_BATCH = 100;

export interface AnnouncementSweepDeps {
  announcements: Pick<AnnouncementsRepository, "dueDeliveries" | "claimDelivery">;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the unsubscribe links (the gateway's JWT secret). */
  secret: string;
  logger?: Pick<FastifyBaseLogger, "info" | "warn">;
  batchSize?: number;
}

export interface AnnouncementSweepReport {
  mails: number;
  /** Refused by the mail server for good (SMTP 5xx): recorded, not retried. */
  refused: number;
  /** The mail server could not be reached; what was left waits for the next sweep. */
  interrupted: boolean;
}

/**
 * One pass over the announcement e-mails owed: each is claimed in the database in the
 * transaction that sends it, so several gateways sweeping at once send it once, and a send that
 * fails leaves it for the next sweep.
 */
export async function runAnnouncementSweep(
  deps: AnnouncementSweepDeps,
): Promise<AnnouncementSweepReport> {
  const report: AnnouncementSweepReport = { mails: 0, refused: 0, interrupted: false };
  const due = await deps.announcements.dueDeliveries(deps.batchSize ?? ANNOUNCEMENT_BATCH);
  for (const delivery of due) {
    try {
      await deps.announcements.claimDelivery(delivery, async (content) => {
        const token = encodeURIComponent(unsubscribeToken(deps.secret, content.recipient.id));
        const mail = announcementMail({
          recipient: content.recipient,
          body: content.body,
          publicUrl: deps.publicUrl,
          unsubscribeUrl: `${deps.publicUrl}/api/notifications/unsubscribe?token=${token}`,
        });
        try {
          await deps.mailer.send(mail);
        } catch (err) {
          if (!refusedForGood(err)) throw new MailUnavailable();
          report.refused++;
          return;
        }
        report.mails++;
      });
    } catch (err) {
      if (!(err instanceof MailUnavailable)) throw err;
      deps.logger?.warn(
        { announcementId: delivery.announcementId },
        "announcement e-mail not sent (mail server unavailable); retried at the next sweep",
      );
      report.interrupted = true;
      break;
    }
  }
  // Counts only: never addresses or the announcement's text.
  if (report.mails + report.refused > 0 || report.interrupted) {
    deps.logger?.info(report, "announcement sweep");
  }
  return report;
}
