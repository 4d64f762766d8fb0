import { type AuditEntry, auditLog, type Database, teams, users } from "@tandem/db";
import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { KeysetPosition } from "../../../lib/keyset-page";

export interface AuditFilter {
  action?: string;
  /** The actor's user id (a UUID) or e-mail (any case). */
  actor?: string;
  targetType?: string;
  targetId?: string;
  since?: Date;
  until?: Date;
  /** The page starts after this entry (newest first). */
  after?: KeysetPosition;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const createdUs = sql<string>`(extract(epoch from ${auditLog.createdAt}) * 1000000)::bigint::text`;
const actors = alias(users, "audit_actor");
const targetUsers = alias(users, "audit_target_user");
// `target_id` is text (a challenge key, a file name, a settings row...): compared as a uuid only
// when it is one, so the look-ups use the primary keys and a non-uuid id never fails the cast.
const targetUuid = sql`(case when ${auditLog.targetId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${auditLog.targetId}::uuid end)`;

export type AuditListRow = AuditEntry & {
  createdUs: string;
  /** The acting account's user name now (null for the operator or a deleted account). */
  actorName: string | null;
  /** The target team's name or the target user's e-mail now; null for other targets. */
  targetName: string | null;
};

/** Reads the audit log; nothing here (nor anywhere) changes it, and its trigger refuses to. */
export function createAuditLogRepository({ db }: { db: Database }) {
  return {
    async list(filter: AuditFilter, limit: number): Promise<AuditListRow[]> {
      const { actor, after } = filter;
      const conditions: (SQL | undefined)[] = [
        filter.action ? eq(auditLog.action, filter.action) : undefined,
        actor
          ? UUID.test(actor)
            ? eq(auditLog.actorId, actor.toLowerCase())
            : sql`lower(${auditLog.actorEmail}) = lower(${actor})`
          : undefined,
        filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
        filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
        filter.since ? gte(auditLog.createdAt, filter.since) : undefined,
        filter.until ? lt(auditLog.createdAt, filter.until) : undefined,
        after
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (timestamptz 'epoch' + ${after.key}::bigint * interval '1 microsecond', ${after.id}::uuid)`
          : undefined,
      ];
      return db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorEmail: auditLog.actorEmail,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
          createdUs,
          actorName: actors.username,
          targetName: sql<string | null>`coalesce(${teams.name}, ${targetUsers.email})`,
        })
        .from(auditLog)
        .leftJoin(actors, eq(actors.id, auditLog.actorId))
        .leftJoin(teams, and(eq(auditLog.targetType, "team"), sql`${teams.id} = ${targetUuid}`))
        .leftJoin(
          targetUsers,
          and(eq(auditLog.targetType, "user"), sql`${targetUsers.id} = ${targetUuid}`),
        )
        .where(and(...conditions))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
    },
  };
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
