import { type AuditEntry, auditLog, type Database } from "@tandem/db";
import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { ConsolePosition } from "./console-cursor";

export interface AuditFilter {
  action?: string;
  /** The actor's user id (a UUID) or e-mail (any case). */
  actor?: string;
  targetType?: string;
  targetId?: string;
  since?: Date;
  until?: Date;
  /** The page starts after this entry (newest first). */
  after?: ConsolePosition;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const createdUs = sql<string>`(extract(epoch from ${auditLog.createdAt}) * 1000000)::bigint::text`;

/** Reads the audit log; nothing here (nor anywhere) changes it, and its trigger refuses to. */
export function createAuditLogRepository({ db }: { db: Database }) {
  return {
    async list(
      filter: AuditFilter,
      limit: number,
    ): Promise<(AuditEntry & { createdUs: string })[]> {
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
        })
        .from(auditLog)
        .where(and(...conditions))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
    },
  };
}
