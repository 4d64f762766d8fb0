import {
  adminAuditPageSchema,
  adminAuditQuerySchema,
  errorResponseSchema as errorSchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { decodeCursor, keysetPage } from "../../../lib/keyset-page";
import type { AuditLogRepository } from "./audit-log.repository";

const CURSOR_SCOPE = "audit";

/** `GET /admin/audit`: the organizers' actions, newest first. Read-only by design. */
export async function adminAuditLogRoutes(
  app: FastifyInstance,
  { audit }: { audit: AuditLogRepository },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/admin/audit",
    {
      schema: {
        querystring: adminAuditQuerySchema,
        response: {
          200: adminAuditPageSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const after = q.cursor ? decodeCursor(q.cursor, CURSOR_SCOPE, "number") : undefined;
      const rows = await audit.list(
        {
          action: q.action || undefined,
          actor: q.actor || undefined,
          targetType: q.target_type || undefined,
          targetId: q.target_id || undefined,
          since: q.since ? new Date(q.since) : undefined,
          until: q.until ? new Date(q.until) : undefined,
          after,
        },
        q.limit + 1,
      );
      const page = keysetPage(rows, q.limit, CURSOR_SCOPE, (row) => ({
        key: row.createdUs,
        id: row.id,
      }));
      return {
        entries: page.items.map((entry) => ({
          id: entry.id,
          actor_id: entry.actorId,
          actor_email: entry.actorEmail,
          actor_name: entry.actorName,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId,
          target_name: entry.targetName,
          before: entry.before,
          after: entry.after,
          created_at: entry.createdAt.toISOString(),
        })),
        next_cursor: page.next_cursor,
      };
    },
  );
}
