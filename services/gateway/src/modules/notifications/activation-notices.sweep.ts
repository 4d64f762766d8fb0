import type { FastifyBaseLogger } from "fastify";
import { MailUnavailable, refusedForGood } from "../../lib/mail-failures";
import type { Mailer } from "../../lib/mailer";
import type { ActivationNoticesRepository } from "./activation-notices.repository";
import { activationDecisionMail } from "./notifications.mails";

/** Teams one sweep mails at most; a bulk activation drains over the following sweeps. */
export const ACTIVATION_NOTICE_BATCH = 100;

export interface ActivationNoticeSweepDeps {
  notices: ActivationNoticesRepository;
  mailer: Mailer;
  publicUrl: string;
  logger?: Pick<FastifyBaseLogger, "info" | "warn">;
  batchSize?: number;
}

export interface ActivationNoticeReport {
  /** Teams whose members were mailed. */
  teams: number;
  /** Messages the mail server accepted. */
  mails: number;
  /** The mail server could not be reached; what was left waits for the next sweep. */
  interrupted: boolean;
}

/**
 * One pass over the activation e-mails owed (issue 33): each team's members are told that an
 * organizer activated the team or declined its request. A team is claimed while its mails go
 * out, so several gateways sweeping at once mail it once; a failed send leaves it for the next
 * sweep (members already mailed then get it again, as with the submission notices).
 */
export async function runActivationNoticeSweep(
  deps: ActivationNoticeSweepDeps,
): Promise<ActivationNoticeReport> {
  const report: ActivationNoticeReport = { teams: 0, mails: 0, interrupted: false };
  for (const teamId of await deps.notices.due(deps.batchSize ?? ACTIVATION_NOTICE_BATCH)) {
    try {
      const outcome = await deps.notices.claim(teamId, async (notice) => {
        for (const recipient of notice.recipients) {
          const mail = activationDecisionMail({
            recipient,
            teamName: notice.teamName,
            decision: notice.decision,
            reason: notice.reason,
            publicUrl: deps.publicUrl,
          });
          try {
            await deps.mailer.send(mail);
            report.mails++;
          } catch (err) {
            if (!refusedForGood(err)) throw new MailUnavailable();
          }
        }
      });
      if (outcome === "sent") report.teams++;
    } catch (err) {
      if (!(err instanceof MailUnavailable)) throw err;
      deps.logger?.warn(
        { teamId },
        "activation e-mail not sent (mail server unavailable); retried at the next sweep",
      );
      report.interrupted = true;
      break;
    }
  }
  // Counts only: never addresses or reasons.
  if (report.teams > 0 || report.interrupted) deps.logger?.info(report, "activation notice sweep");
  return report;
}
