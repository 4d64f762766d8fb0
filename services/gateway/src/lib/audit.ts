import type { AuditAction } from "@tandem/contracts";
import { auditLog, type Database, type User } from "@tandem/db";

/** The database, or a transaction in it: an action and its audit entry commit together. */
export type AuditWriter = Pick<Database, "insert">;

export interface AuditRecord {
  /** What was done, `area.verb`: one of contracts' AUDIT_ACTIONS (the audit page's picker). */
  action: AuditAction;
  /** What it was done to: `team`, `user`, `submission`, `challenge`, `settings`, `announcement`... */
  targetType: string;
  targetId?: string | null;
  /** The target's relevant fields before and after (never secrets: no keys, hashes or tokens). */
  before?: unknown;
  after?: unknown;
}

/**
 * Records an organizer's action in the append-only audit log (docs/adr/0011-organizers-console.md).
 * Call it with the transaction that makes the change, so there is never a change without its
 * entry nor an entry without its change.
 */
export async function recordAudit(
  db: AuditWriter,
  /** `id` null: no account acted (the operator's configuration or command line). */
  actor: { id: User["id"] | null; email: User["email"] },
  record: AuditRecord,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
