import {
  type AdminUserRow,
  adminSetAdminRequestSchema,
  adminUserActionResponseSchema,
  adminUserParamsSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  errorResponseSchema as errorSchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { conflict, notFound } from "../../../lib/http-error";
import { decodeCursor, keysetPage } from "../../../lib/keyset-page";
import type { AdminUserRecord, AdminUsersRepository } from "./admin-users.repository";

const CURSOR_SCOPE = "users";
const USER_NOT_FOUND = "User not found.";

/** The organizers' accounts list and actions (admin access, disable, enable), each audited. */
export async function adminUsersRoutes(
  app: FastifyInstance,
  { users }: { users: AdminUsersRepository },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: errorSchema, 403: errorSchema };
  const action = {
    ...denied,
    200: adminUserActionResponseSchema,
    400: errorSchema,
    404: errorSchema,
    409: errorSchema,
  };

  async function answer(userId: string, outcome: { changed: boolean } | undefined) {
    if (!outcome) throw notFound("admin.user_not_found", USER_NOT_FOUND);
    const record = await users.find(userId);
    if (!record) throw notFound("admin.user_not_found", USER_NOT_FOUND);
    return { changed: outcome.changed, user: toRow(record) };
  }

  r.get(
    "/admin/users",
    {
      schema: {
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema, 400: errorSchema, ...denied },
      },
    },
    async (request) => {
      const { query, admin, status, limit, cursor } = request.query;
      const after = cursor ? decodeCursor(cursor, CURSOR_SCOPE, "number") : undefined;
      const rows = await users.list(
        {
          query: query || undefined,
          admin: admin === undefined ? undefined : admin === "true",
          status,
          after,
        },
        limit + 1,
      );
      const page = keysetPage(rows, limit, CURSOR_SCOPE, (row) => ({
        key: row.createdUs,
        id: row.user.id,
      }));
      return { users: page.items.map(toRow), next_cursor: page.next_cursor };
    },
  );

  r.post(
    "/admin/users/:id/admin",
    {
      schema: { params: adminUserParamsSchema, body: adminSetAdminRequestSchema, response: action },
    },
    async (request) => {
      const userId = request.params.id;
      const adminAccess = request.body.admin_access;
      // Were every organizer to do this, no one could run the console any more.
      if (userId === request.account.id && !adminAccess)
        throw conflict(
          "admin.self_revoke",
          "You cannot revoke your own admin access; another organizer can.",
        );
      return answer(userId, await users.setAdmin(request.account, userId, adminAccess));
    },
  );

  r.post(
    "/admin/users/:id/disable",
    { schema: { params: adminUserParamsSchema, response: action } },
    async (request) => {
      const userId = request.params.id;
      if (userId === request.account.id)
        throw conflict("admin.self_disable", "You cannot disable your own account.");
      return answer(userId, await users.disable(request.account, userId));
    },
  );

  r.post(
    "/admin/users/:id/enable",
    { schema: { params: adminUserParamsSchema, response: action } },
    async (request) =>
      answer(request.params.id, await users.enable(request.account, request.params.id)),
  );
}

function toRow({ user, team }: AdminUserRecord): AdminUserRow {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    admin_access: user.adminAccess,
    status: user.status,
    created_at: user.createdAt.toISOString(),
    team,
  };
}
