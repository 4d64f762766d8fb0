import { randomBytes } from "node:crypto";
import type { AdminGrantVia } from "@tandem/contracts";
import { type AdminInvitationRow, adminInvitations, type Database, type User } from "@tandem/db";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { recordAudit } from "../../../lib/audit";
import { sha256 } from "../../../lib/secret-tokens";

type Actor = Pick<User, "id" | "email">;

/** The columns an account gets with its admin rights: since when and how (ADR 0017). */
export function adminGrantColumns(via: AdminGrantVia, ref: string | null = null, at = new Date()) {
  return { adminAccess: true, adminSince: at, adminVia: via, adminViaRef: ref } as const;
}

/** An invitation's code: 144 random bits, prefixed so that it is recognised when pasted. */
export function newInvitationCode(): string {
  return `tnd-org-${randomBytes(18).toString("base64url")}`;
}

/** Open, used, expired or revoked, at `now`. */
export function invitationState(row: AdminInvitationRow, now = new Date()) {
  if (row.revokedAt) return "revoked" as const;
  if (row.usedBy || row.usedAt) return "used" as const;
  if (row.expiresAt <= now) return "expired" as const;
  return "open" as const;
}

const usable = () =>
  and(
    isNull(adminInvitations.usedAt),
    isNull(adminInvitations.revokedAt),
    gt(adminInvitations.expiresAt, sql`now()`),
  );

/** Personal single-use organizer invitations; only the code's SHA-256 is stored. */
export function createAdminInvitationsRepository({ db }: { db: Database }) {
  return {
    async list(limit = 200): Promise<AdminInvitationRow[]> {
      return db
        .select()
        .from(adminInvitations)
        .orderBy(desc(adminInvitations.createdAt), desc(adminInvitations.id))
        .limit(limit);
    },

    /** Makes one and records it; the code is returned here and never again. */
    async create(
      actor: Actor,
      { label, days }: { label: string; days: number },
    ): Promise<{ invitation: AdminInvitationRow; code: string }> {
      const code = newInvitationCode();
      const invitation = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(adminInvitations)
          .values({
            codeHash: sha256(code),
            label,
            createdBy: actor.id,
            createdByEmail: actor.email,
            expiresAt: sql`now() + make_interval(days => ${days})`,
          })
          .returning();
        await recordAudit(tx, actor, {
          action: "admin_invitation.create",
          targetType: "admin_invitation",
          targetId: row!.id,
          after: { label, expires_at: row!.expiresAt.toISOString() },
        });
        return row!;
      });
      return { invitation, code };
    },

    /** Revokes an invitation not used yet; undefined when there is none with this id. */
    async revoke(
      actor: Actor,
      id: string,
    ): Promise<{ changed: boolean; invitation: AdminInvitationRow } | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(adminInvitations)
          .where(eq(adminInvitations.id, id))
          .for("update");
        if (!row) return undefined;
        if (row.revokedAt || row.usedAt) return { changed: false, invitation: row };
        const [revoked] = await tx
          .update(adminInvitations)
          .set({ revokedAt: new Date(), revokedBy: actor.id, revokedByEmail: actor.email })
          .where(eq(adminInvitations.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: "admin_invitation.revoke",
          targetType: "admin_invitation",
          targetId: id,
          before: { label: row.label, state: invitationState(row) },
          after: { label: row.label, state: "revoked" },
        });
        return { changed: true, invitation: revoked! };
      });
    },

    /** Whether `code` is an invitation that could be used now (the sign-up form's check). */
    async usable(code: string): Promise<boolean> {
      const [row] = await db
        .select({ id: adminInvitations.id })
        .from(adminInvitations)
        .where(and(eq(adminInvitations.codeHash, sha256(code)), usable()));
      return row !== undefined;
    },

    /**
     * Takes the invitation for one sign-up: a single conditional update, so of two sign-ups
     * with one code only one gets a row back (the other waits on the row lock, then finds it
     * used). `release` gives it back when the account could not be made.
     */
    async claim(code: string): Promise<{ id: string; label: string } | undefined> {
      const [row] = await db
        .update(adminInvitations)
        .set({ usedAt: sql`now()` })
        .where(and(eq(adminInvitations.codeHash, sha256(code)), usable()))
        .returning({ id: adminInvitations.id, label: adminInvitations.label });
      return row;
    },

    async release(id: string): Promise<void> {
      await db
        .update(adminInvitations)
        .set({ usedAt: null })
        .where(and(eq(adminInvitations.id, id), isNull(adminInvitations.usedBy)));
    },

    /**
     * Names the account that used it, with the audit entries of the sign-up and the use, in the
     * transaction that inserts the account.
     */
    async complete(
      tx: Pick<Database, "insert" | "update">,
      user: User,
      grant: { via: "organizer_code" } | { via: "invitation"; id: string; label: string },
    ): Promise<void> {
      if (grant.via === "invitation") {
        await tx
          .update(adminInvitations)
          .set({ usedBy: user.id, usedByEmail: user.email })
          .where(eq(adminInvitations.id, grant.id));
        await recordAudit(tx, user, {
          action: "admin_invitation.use",
          targetType: "admin_invitation",
          targetId: grant.id,
          after: { label: grant.label, used_by: user.id, used_by_email: user.email },
        });
      }
      // The new organizer is the actor: they made the account, with the code they held.
      await recordAudit(tx, user, {
        action: "user.admin_signup",
        targetType: "user",
        targetId: user.id,
        after: {
          email: user.email,
          admin_access: true,
          via: grant.via,
          ...(grant.via === "invitation"
            ? { invitation_id: grant.id, invitation_label: grant.label }
            : {}),
        },
      });
    },
  };
}
export type AdminInvitationsRepository = ReturnType<typeof createAdminInvitationsRepository>;
