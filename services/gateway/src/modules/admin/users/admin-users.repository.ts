import type { AuditAction } from "@tandem/contracts";
import {
  type Database,
  sessions,
  type Transaction,
  teamMembers,
  teams,
  type User,
  users,
} from "@tandem/db";
import { and, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "../../../lib/audit";
import type { KeysetPosition } from "../../../lib/keyset-page";

type Actor = Parameters<typeof recordAudit>[1];

export interface AdminUserFilter {
  query?: string;
  admin?: boolean;
  status?: "active" | "disabled";
  /** The page starts after this account (newest first). */
  after?: KeysetPosition;
}

export interface AdminUserRecord {
  user: User;
  team: { id: string; name: string } | null;
  /** µs since the epoch of its creation, for the next page's cursor. */
  createdUs: string;
}

const createdUs = sql<string>`(extract(epoch from ${users.createdAt}) * 1000000)::bigint::text`;

/** Case-insensitive substring; strpos needs no escaping of LIKE's wildcards. */
const contains = (column: SQL, query: string) => sql`strpos(lower(${column}), lower(${query})) > 0`;

export function createAdminUsersRepository({ db }: { db: Database }) {
  async function select(condition: SQL | undefined, limit: number): Promise<AdminUserRecord[]> {
    const rows = await db
      .select({ user: users, teamId: teams.id, teamName: teams.name, createdUs })
      .from(users)
      .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
      .leftJoin(teams, and(eq(teams.id, teamMembers.teamId), isNull(teams.deletedAt)))
      .where(condition)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit);
    return rows.map((row) => ({
      user: row.user,
      team: row.teamId && row.teamName ? { id: row.teamId, name: row.teamName } : null,
      createdUs: row.createdUs,
    }));
  }

  /** Sets the columns on the account and records it, in one transaction; `then` runs in it too. */
  async function changeUser(
    actor: Actor,
    userId: string,
    action: AuditAction,
    values: Partial<Pick<User, "adminAccess" | "status">>,
    then?: (tx: Transaction) => Promise<unknown>,
  ): Promise<{ changed: boolean } | undefined> {
    return db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      if (!user) return undefined;
      const keys = Object.keys(values) as (keyof typeof values)[];
      if (keys.every((key) => user[key] === values[key])) return { changed: false };
      await tx.update(users).set(values).where(eq(users.id, userId));
      await then?.(tx);
      const view = (source: typeof values) =>
        Object.fromEntries(
          keys.map((key) => [key === "adminAccess" ? "admin_access" : key, source[key]]),
        );
      await recordAudit(tx, actor, {
        action,
        targetType: "user",
        targetId: userId,
        before: { email: user.email, ...view(user) },
        after: { email: user.email, ...view(values) },
      });
      return { changed: true };
    });
  }

  return {
    list(filter: AdminUserFilter, limit: number): Promise<AdminUserRecord[]> {
      const { query, after } = filter;
      return select(
        and(
          query
            ? or(
                contains(sql`${users.username}`, query),
                contains(sql`${users.email}`, query),
                contains(sql`${users.firstName} || ' ' || ${users.lastName}`, query),
              )
            : undefined,
          filter.admin === undefined ? undefined : eq(users.adminAccess, filter.admin),
          filter.status ? eq(users.status, filter.status) : undefined,
          after
            ? sql`(${users.createdAt}, ${users.id}) < (timestamptz 'epoch' + ${after.key}::bigint * interval '1 microsecond', ${after.id}::uuid)`
            : undefined,
        ),
        limit,
      );
    },

    async find(userId: string): Promise<AdminUserRecord | undefined> {
      const [row] = await select(eq(users.id, userId), 1);
      return row;
    },

    /** Rights are read from the database on every request: effective on the user's next one. */
    setAdmin(actor: Actor, userId: string, adminAccess: boolean) {
      // Since when and by whom (ADR 0017); withdrawn rights keep their history in the audit log.
      const origin = adminAccess
        ? { adminSince: new Date(), adminVia: "console", adminViaRef: actor.id }
        : { adminSince: null, adminVia: null, adminViaRef: null };
      return changeUser(actor, userId, "user.admin_access", { adminAccess }, (tx) =>
        tx.update(users).set(origin).where(eq(users.id, userId)),
      );
    },

    /** A disabled account's sessions end in the same transaction: its next request is a 401. */
    disable(actor: Actor, userId: string) {
      return changeUser(actor, userId, "user.disable", { status: "disabled" }, (tx) =>
        tx.delete(sessions).where(eq(sessions.userId, userId)),
      );
    },

    enable(actor: Actor, userId: string) {
      return changeUser(actor, userId, "user.enable", { status: "active" });
    },
  };
}
export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
