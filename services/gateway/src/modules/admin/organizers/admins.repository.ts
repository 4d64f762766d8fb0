import { ADMIN_GRANT_VIAS, type AdminGrantVia, type AdminHolder } from "@tandem/contracts";
import { adminInvitations, type Database, users } from "@tandem/db";
import { asc, eq, inArray, sql } from "drizzle-orm";

const isVia = (value: string | null): value is AdminGrantVia =>
  (ADMIN_GRANT_VIAS as readonly string[]).includes(value ?? "");

/** Who holds admin rights, since when and through which code (ADR 0017). */
export function createAdminsRepository({ db }: { db: Database }) {
  return {
    async holders(): Promise<AdminHolder[]> {
      const admins = await db
        .select()
        .from(users)
        .where(eq(users.adminAccess, true))
        .orderBy(sql`${users.adminSince} asc nulls first`, asc(users.createdAt));
      const refs = (via: AdminGrantVia) =>
        admins.flatMap((u) => (u.adminVia === via && u.adminViaRef ? [u.adminViaRef] : []));
      const uuids = (ids: string[]) => ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      const invitationIds = uuids(refs("invitation"));
      const granterIds = uuids(refs("console"));
      const invitations = invitationIds.length
        ? await db
            .select({ id: adminInvitations.id, label: adminInvitations.label })
            .from(adminInvitations)
            .where(inArray(adminInvitations.id, invitationIds))
        : [];
      const granters = granterIds.length
        ? await db
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(inArray(users.id, granterIds))
        : [];
      return admins.map((user) => {
        const via = isVia(user.adminVia) ? user.adminVia : "unknown";
        return {
          id: user.id,
          username: user.username,
          email: user.email,
          status: user.status,
          admin_since: user.adminSince?.toISOString() ?? null,
          via,
          invitation:
            via === "invitation"
              ? (invitations.find((i) => i.id === user.adminViaRef) ?? {
                  id: user.adminViaRef ?? "",
                  label: "",
                })
              : null,
          granted_by_email:
            via === "console"
              ? (granters.find((g) => g.id === user.adminViaRef)?.email ?? null)
              : null,
        };
      });
    },
  };
}

export type AdminsRepository = ReturnType<typeof createAdminsRepository>;
