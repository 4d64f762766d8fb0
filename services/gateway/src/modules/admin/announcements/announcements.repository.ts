import {
  type Announcement,
  announcementDeliveries,
  announcements,
  type Database,
  type Transaction,
  type User,
  users,
} from "@tandem/db";
import { and, asc, count, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "../../../lib/audit";

import type { MailRecipient } from "../../../lib/mail-text";
import { noRow } from "../../../lib/row-exists";
import type { HistoryPosition } from "../../submissions/submissions.repository";

export interface AnnouncementRow extends Announcement {
  creatorName: string | null;
  emailsSent: number;
  position: HistoryPosition;
}

/** One e-mail an announcement still owes: to whom, of what. */
export interface DueDelivery {
  announcementId: string;
  userId: string;
}

export interface DeliveryContent {
  body: string;
  recipient: { id: string } & MailRecipient;
}

/** How a delivery's claim ended: `busy` (another sweep holds it), `taken` (already sent). */
export type DeliveryOutcome = "sent" | "busy" | "taken" | "skipped";

/** Thrown inside a claim's transaction to roll its row back when there is nothing to send. */
class NothingToSend extends Error {}

const audited = (row: Announcement) => ({
  id: row.id,
  body: row.body,
  active: row.active,
  email: row.emailed,
});

export function createAnnouncementsRepository({ db }: { db: Database }) {
  const createdUs = sql<string>`(extract(epoch from ${announcements.createdAt}) * 1000000)::bigint::text`;

  /** Announcements with their author's name, e-mails sent so far and list position. */
  async function select(where: SQL | undefined, limit: number): Promise<AnnouncementRow[]> {
    const rows = await db
      .select({
        ...getTableColumns(announcements),
        creatorName: users.username,
        createdUs,
        emailsSent: sql<number>`(select count(*)::int from ${announcementDeliveries} where ${announcementDeliveries.announcementId} = ${announcements.id})`,
      })
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.createdBy))
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(limit);
    return rows.map(({ createdUs: us, ...row }) => ({
      ...row,
      emailsSent: Number(row.emailsSent),
      position: { createdUs: BigInt(us), id: row.id },
    }));
  }
  const byId = async (id: string) => (await select(eq(announcements.id, id), 1))[0];

  return {
    /**
     * Posts an announcement: it becomes the banner and every earlier one stops being shown. One
     * post at a time (a transaction-scoped lock), so two at once still leave one active.
     */
    async create(
      actor: Pick<User, "id" | "email">,
      input: { body: string; email: boolean },
    ): Promise<AnnouncementRow> {
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tandem:announcements:post'))`);
        await tx.update(announcements).set({ active: false }).where(eq(announcements.active, true));
        const [created] = await tx
          .insert(announcements)
          .values({ body: input.body, emailed: input.email, createdBy: actor.id })
          .returning();
        if (!created) throw new Error("announcement insert returned nothing");
        await recordAudit(tx, actor, {
          action: "announcement.create",
          targetType: "announcement",
          targetId: created.id,
          after: audited(created),
        });
        return created;
      });
      return (await byId(row.id))!;
    },

    /**
     * Withdraws an announcement: off the banner, and its e-mails not yet sent are not sent.
     * Undefined when there is none; withdrawing a withdrawn one changes (and audits) nothing.
     */
    async withdraw(
      actor: Pick<User, "id" | "email">,
      id: string,
    ): Promise<AnnouncementRow | undefined> {
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(announcements)
          .where(eq(announcements.id, id))
          .for("update");
        if (!before?.active) return before;
        const [after] = await tx
          .update(announcements)
          .set({ active: false })
          .where(eq(announcements.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: "announcement.withdraw",
          targetType: "announcement",
          targetId: id,
          before: { active: true },
          after: { active: false },
        });
        return after;
      });
      return row && byId(row.id);
    },

    /** Newest first, `limit` after `after` (a position from a previous page). */
    async list(limit: number, after?: HistoryPosition): Promise<AnnouncementRow[]> {
      return select(
        after
          ? sql`(${announcements.createdAt}, ${announcements.id}) < (timestamptz 'epoch' + ${after.createdUs.toString()}::bigint * interval '1 microsecond', ${after.id}::uuid)`
          : undefined,
        limit,
      );
    },

    /** The banner: the newest active announcement. */
    async latestActive(): Promise<Pick<Announcement, "id" | "body" | "createdAt"> | undefined> {
      const [row] = await db
        .select({
          id: announcements.id,
          body: announcements.body,
          createdAt: announcements.createdAt,
        })
        .from(announcements)
        .where(eq(announcements.active, true))
        .orderBy(desc(announcements.createdAt), desc(announcements.id))
        .limit(1);
      return row;
    },

    /**
     * E-mails owed, oldest announcement first, at most `limit`: to each active account that
     * existed when an active, e-mailed announcement was posted and has not opted out (later
     * accounts see the banner; a withdrawn announcement is not mailed any more).
     */
    async dueDeliveries(limit: number): Promise<DueDelivery[]> {
      return db
        .select({ announcementId: announcements.id, userId: users.id })
        .from(announcements)
        .innerJoin(
          users,
          and(
            sql`${users.createdAt} <= ${announcements.createdAt}`,
            eq(users.status, "active"),
            eq(users.notifyAnnouncements, true),
          ),
        )
        .where(
          and(
            eq(announcements.emailed, true),
            eq(announcements.active, true),
            noRow(
              db,
              announcementDeliveries,
              and(
                eq(announcementDeliveries.announcementId, announcements.id),
                eq(announcementDeliveries.userId, users.id),
              ),
            ),
          ),
        )
        .orderBy(asc(announcements.createdAt), asc(users.id))
        .limit(limit);
    },

    /**
     * Holds the claim on one delivery while `send` mails it: the delivery row is inserted in the
     * transaction that sends, so it commits only if the send resolves (a failed send rolls it
     * back for the next sweep), and a concurrent sweep skips it instead of waiting. The
     * recipient is re-read under the claim: one who opted out or was disabled meanwhile is
     * skipped.
     */
    async claimDelivery(
      due: DueDelivery,
      send: (content: DeliveryContent) => Promise<void>,
    ): Promise<DeliveryOutcome> {
      try {
        return await db.transaction(async (tx: Transaction) => {
          const lock = (await tx.execute(
            sql`select pg_try_advisory_xact_lock(hashtext('tandem:announcements'), hashtext(${`${due.announcementId}:${due.userId}`})) as locked`,
          )) as unknown as { rows: { locked: boolean }[] };
          if (!lock.rows[0]?.locked) return "busy";
          const claimed = await tx
            .insert(announcementDeliveries)
            .values(due)
            .onConflictDoNothing()
            .returning({ userId: announcementDeliveries.userId });
          if (claimed.length === 0) return "taken";
          const [content] = await tx
            .select({
              body: announcements.body,
              id: users.id,
              email: users.email,
              username: users.username,
              verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
            })
            .from(announcements)
            .innerJoin(users, eq(users.id, due.userId))
            .where(
              and(
                eq(announcements.id, due.announcementId),
                eq(announcements.active, true),
                eq(users.status, "active"),
                eq(users.notifyAnnouncements, true),
              ),
            );
          if (!content) throw new NothingToSend();
          const { body, ...recipient } = content;
          await send({ body, recipient });
          return "sent";
        });
      } catch (err) {
        if (err instanceof NothingToSend) return "skipped";
        throw err;
      }
    },

    /** The unsubscribe link's effect; false when the account no longer exists. */
    async optOut(userId: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ notifyAnnouncements: false })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Deliveries recorded for one announcement (tests, the console). */
    async deliveriesOf(announcementId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(announcementDeliveries)
        .where(eq(announcementDeliveries.announcementId, announcementId));
      return row?.n ?? 0;
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
