import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../../deps";
import { tagged } from "../../../plugins/openapi";
import { createSubmissionsRepository } from "../../submissions/submissions.repository";
import { createAdminSubmissionsRepository } from "./admin-submissions.repository";
import { adminSubmissionRoutes } from "./admin-submissions.routes";
import { rescoreRoutes } from "./rescore.routes";

/** The console's submissions: list, detail, file, invalidate, and rescores. */
export async function adminSubmissionsModule(
  app: FastifyInstance,
  { config, db, rescore }: GatewayDeps,
) {
  const adminSubmissions = createAdminSubmissionsRepository({ db });
  const submissions = createSubmissionsRepository({ db });
  await app.register(tagged("Organizers", adminSubmissionRoutes), {
    adminSubmissions,
    submissions,
  });
  await app.register(tagged("Organizers", rescoreRoutes), {
    rescore,
    adminSubmissions,
    submissions,
    waitMs: config.submitWaitMs,
  });
}
