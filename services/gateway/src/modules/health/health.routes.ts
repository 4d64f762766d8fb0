import {
  healthResponseSchema,
  readyResponseSchema,
  serviceInfoResponseSchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

export interface HealthRoutesOptions {
  checks: Record<string, () => Promise<void>>;
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(check: () => Promise<void>): Promise<void> {
  return Promise.race([
    check(),
    new Promise<void>((_, reject) =>
      setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);
}

export async function healthRoutes(app: FastifyInstance, { checks }: HealthRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/", { schema: { response: { 200: serviceInfoResponseSchema } } }, async () => ({
    message: "Tandem API",
    status: "ok",
  }));

  // Liveness: no I/O, so a slow database never gets the process restarted.
  r.get("/health", { schema: { response: { 200: healthResponseSchema } } }, async () => ({
    status: "ok",
  }));

  r.get(
    "/ready",
    { schema: { response: { 200: readyResponseSchema, 503: readyResponseSchema } } },
    async (_request, reply) => {
      const results: Record<string, string> = {};
      await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          results[name] = await withTimeout(check).then(
            () => "ok",
            () => "unavailable",
          );
        }),
      );
      const ready = Object.values(results).every((value) => value === "ok");
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? "ready" : "unavailable", checks: results });
    },
  );
}
