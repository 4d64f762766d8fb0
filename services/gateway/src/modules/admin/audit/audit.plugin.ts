import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../../deps";
import { tagged } from "../../../plugins/openapi";
import { createAuditLogRepository } from "./audit-log.repository";
import { adminAuditLogRoutes } from "./audit-log.routes";

/** The audit log, read-only. */
export async function auditModule(app: FastifyInstance, { db }: GatewayDeps) {
  await app.register(tagged("Organizers", adminAuditLogRoutes), {
    audit: createAuditLogRepository({ db }),
  });
}
