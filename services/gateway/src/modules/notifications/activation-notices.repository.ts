import type { ActivationMailKind } from "@tandem/contracts";
import { type Database, type Transaction, teamMembers, teams, users } from "@tandem/db";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Recipient } from "./notifications.repository";

/** The e-mail a team is owed about its activation, with whom to send it to. */
export interface ActivationNotice {
  teamId: string;
  teamName: string;
  decision: ActivationMailKind;
  reason: string | null;
  recipients: Recipient[];
}

/** How a claim ended: `busy` (another sweep holds it), `taken` (nothing owed any more). */
export type ActivationClaimOutcome = "sent" | "busy" | "taken" | "skipped";

/**
 * The decision e-mails of issue 33. What a team is owed is `teams.activation_mail`, set with
 * the activation or the decline in its transaction; a claim sends it and clears it in one
 * transaction, so it commits only once the mail server took every message.
 */
export function createActivationNoticesRepository({ db }: { db: Database }) {
  return {
    /** Teams owed a decision e-mail, at most `limit`. */
    async due(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: teams.id })
        .from(teams)
        .where(and(isNotNull(teams.activationMail), isNull(teams.deletedAt)))
        .orderBy(asc(teams.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Holds a non-blocking advisory lock on the team while `send` mails its members (a
     * concurrent sweep skips it instead of waiting for the mail server, and the team's row stays
     * free for joins meanwhile), then clears what was owed, unless a newer decision replaced it.
     * A decision the team's state no longer matches (activated, then deactivated before the
     * sweep) is cleared unsent.
     */
    async claim(
      teamId: string,
      send: (notice: ActivationNotice) => Promise<void>,
    ): Promise<ActivationClaimOutcome> {
      return db.transaction(async (tx: Transaction) => {
        const lock = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtext('tandem:activation-mail'), hashtext(${teamId})) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!lock.rows[0]?.locked) return "busy";
        const [team] = await tx
          .select()
          .from(teams)
          .where(and(eq(teams.id, teamId), isNull(teams.deletedAt)));
        const decision = team?.activationMail;
        if (!team || !decision) return "taken";
        const clear = () =>
          tx
            .update(teams)
            .set({ activationMail: null })
            .where(and(eq(teams.id, teamId), eq(teams.activationMail, decision)));
        const stillSo =
          decision === "activated"
            ? team.status === "active"
            : team.status === "inactive" && team.activationDeclinedAt !== null;
        if (!stillSo) {
          await clear();
          return "skipped";
        }
        const recipients = await tx
          .select({
            email: users.email,
            username: users.username,
            verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
          })
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(and(eq(teamMembers.teamId, teamId), eq(users.status, "active")))
          .orderBy(asc(teamMembers.joinedAt));
        await send({
          teamId,
          teamName: team.name,
          decision,
          reason: decision === "declined" ? team.activationDeclineReason : null,
          recipients,
        });
        await clear();
        return "sent";
      });
    },
  };
}
export type ActivationNoticesRepository = ReturnType<typeof createActivationNoticesRepository>;
