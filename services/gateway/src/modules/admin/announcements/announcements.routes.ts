import {
  type AnnouncementView,
  announcementCreateSchema,
  announcementListQuerySchema,
  announcementListSchema,
  announcementParamsSchema,
  announcementSchema,
  errorResponseSchema as errorSchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { notFound } from "../../../lib/http-error";
import { decodeTimeCursor, keysetPage, timeKey } from "../../../lib/keyset-page";
import type { AnnouncementBanner } from "./announcements.banner";
import type { AnnouncementRow, AnnouncementsRepository } from "./announcements.repository";

const CURSOR_SCOPE = "announcements";

export interface AnnouncementRoutesOptions {
  announcements: AnnouncementsRepository;
  banner: Pick<AnnouncementBanner, "invalidate">;
}

/**
 * `/api/admin/announcements`: post (the new banner, optionally e-mailed by the sweeps), list and
 * withdraw. The body is stored as Markdown source and never rendered here.
 */
export async function announcementRoutes(
  app: FastifyInstance,
  { announcements, banner }: AnnouncementRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: errorSchema, 403: errorSchema };

  r.get(
    "/admin/announcements",
    {
      schema: {
        querystring: announcementListQuerySchema,
        response: { 200: announcementListSchema, 400: errorSchema, ...denied },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      // One row beyond the page says whether there is a next one.
      const rows = await announcements.list(
        limit + 1,
        cursor ? decodeTimeCursor(cursor, CURSOR_SCOPE) : undefined,
      );
      const page = keysetPage(rows, limit, CURSOR_SCOPE, (row) => timeKey(row.position));
      return { announcements: page.items.map(toView), next_cursor: page.next_cursor };
    },
  );

  r.post(
    "/admin/announcements",
    {
      schema: {
        body: announcementCreateSchema,
        response: { 201: announcementSchema, 400: errorSchema, ...denied },
      },
    },
    async (request, reply) => {
      const row = await announcements.create(request.account, request.body);
      banner.invalidate();
      request.log.info({ announcementId: row.id, email: row.emailed }, "announcement posted");
      return reply.status(201).send(toView(row));
    },
  );

  r.delete(
    "/admin/announcements/:id",
    {
      schema: {
        params: announcementParamsSchema,
        response: { 200: announcementSchema, 400: errorSchema, 404: errorSchema, ...denied },
      },
    },
    async (request) => {
      const row = await announcements.withdraw(request.account, request.params.id);
      if (!row) throw notFound("announcement.not_found", "Announcement not found");
      banner.invalidate();
      return toView(row);
    },
  );
}

function toView(row: AnnouncementRow): AnnouncementView {
  return {
    id: row.id,
    body: row.body,
    active: row.active,
    email: row.emailed,
    emails_sent: row.emailsSent,
    created_at: row.createdAt.toISOString(),
    created_by:
      row.createdBy && row.creatorName ? { id: row.createdBy, username: row.creatorName } : null,
  };
}
