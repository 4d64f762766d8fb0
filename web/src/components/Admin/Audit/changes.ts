import { formatDateTime } from "../time";

/** One line of an entry's changes: "field: before → after" (either side may be absent). */
export interface AuditChange {
  field: string;
  before?: string;
  after?: string;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Nested objects become dotted fields (`limits.daily`); arrays and scalars are leaves. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    }
    return;
  }
  into.set(prefix || "value", value);
}

/** A value as a person reads it: times in the reader's zone, lists joined, nothing cut off. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string") {
    if (value === "") return "(empty)";
    return ISO_TIME.test(value) ? formatDateTime(value) : value;
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "(none)";
    return value
      .map((item) =>
        isPlainObject(item) || Array.isArray(item) ? JSON.stringify(item) : formatAuditValue(item),
      )
      .join("; ");
  }
  return JSON.stringify(value);
}

/**
 * What an audit entry changed, field by field: fields on both sides that differ as
 * "old → new", fields only after as the new value, fields only before as "old → none".
 * Fields equal on both sides (context such as the account's e-mail) are left out.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = new Map<string, unknown>();
  const now = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, "", was);
  if (after !== null && after !== undefined) flatten(after, "", now);
  const fields = [...new Set([...was.keys(), ...now.keys()])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const inBefore = was.has(field);
    const inAfter = now.has(field);
    if (inBefore && inAfter) {
      if (JSON.stringify(was.get(field)) === JSON.stringify(now.get(field))) continue;
      changes.push({
        field,
        before: formatAuditValue(was.get(field)),
        after: formatAuditValue(now.get(field)),
      });
    } else if (inAfter) {
      changes.push({ field, after: formatAuditValue(now.get(field)) });
    } else {
      changes.push({ field, before: formatAuditValue(was.get(field)), after: "none" });
    }
  }
  return changes;
}
