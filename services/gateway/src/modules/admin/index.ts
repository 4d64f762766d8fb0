import type { FastifyInstance, FastifyPluginAsync } from "fastify";

/**
 * The organizers' scope: every route registered by `routes` answers organizers only. Its one
 * `requireAdmin` hook (plugins/auth.ts) runs before the routes' own hooks and answers 401
 * `auth.required` without a live session and 403 `auth.admin_required` to anyone else, so no
 * admin route file adds a guard of its own (test/admin-overview-audit.test.ts checks every
 * `/api/admin` route the app has, and `/api/competition/start`).
 */
export function adminScope(routes: (admin: FastifyInstance) => Promise<void>): FastifyPluginAsync {
  return async (admin) => {
    admin.addHook("onRequest", admin.requireAdmin);
    await routes(admin);
  };
}
