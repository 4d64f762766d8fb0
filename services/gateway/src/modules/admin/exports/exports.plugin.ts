import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../../deps";
import { tagged } from "../../../plugins/openapi";
import { createAdminSubmissionsRepository } from "../submissions/admin-submissions.repository";
import { createExportsRepository } from "./exports.repository";
import { exportRoutes } from "./exports.routes";

/** The CSV exports. */
export async function exportsModule(app: FastifyInstance, { db, rankings }: GatewayDeps) {
  await app.register(tagged("Organizers", exportRoutes), {
    rankings,
    exports: createExportsRepository({ db }),
    adminSubmissions: createAdminSubmissionsRepository({ db }),
  });
}
