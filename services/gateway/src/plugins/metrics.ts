import type { Database } from "@tandem/db";
import { type MetricsServer, serveMetrics } from "@tandem/jobs";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createGatewayMetrics, type GatewayMetrics, UNMATCHED_ROUTE } from "../lib/gateway-metrics";
import { createStatusRepository } from "../modules/status/status.repository";

declare module "fastify" {
  interface FastifyInstance {
    metrics: GatewayMetrics;
  }
}

export interface MetricsPluginOptions {
  db: Database;
  /**
   * Where `GET /metrics` is served; without it the figures are counted but not served.
   *
   * A port of its own rather than a token on the public one: Prometheus finds pods by their
   * `prometheus.io/*` annotations, which carry no credentials, while the Ingress and the Service
   * route only the public port, and a NetworkPolicy admits only the monitoring namespace to this
   * one. Participants can reach no `/metrics` at all, whatever they send.
   */
  listen?: { host: string; port: number } | undefined;
}

/** Prometheus metrics: request latency by route, /submit outcomes, the queue (read on scrape). */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { db, listen }: MetricsPluginOptions) => {
    // The same read as the public /api/status, uncached: each scrape sees the queue as it is.
    const queue = createStatusRepository({ db });
    const metrics = createGatewayMetrics({
      readQueue: async () => {
        const { length, oldestWaitSeconds } = await queue.counts();
        return { depth: length, oldestWaitSeconds: oldestWaitSeconds ?? 0 };
      },
      logger: app.log,
      processMetrics: Boolean(listen),
    });
    app.decorate("metrics", metrics);
    app.addHook("onResponse", async (request, reply) => {
      metrics.observeRequest(
        {
          method: request.method,
          // The route's template (`/api/submissions/:id`), never the URL: bounded label values.
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
    });
    if (!listen) return;

    let server: MetricsServer | undefined;
    // On ready (awaited, unlike onListen), so the port is bound before the app serves anyone.
    app.addHook("onReady", async () => {
      try {
        server = await serveMetrics(metrics.registry, { ...listen, logger: app.log });
        app.log.info(listen, "metrics served at /metrics");
      } catch (err) {
        // Participants matter more than the figures: `npm run start:prod` gives the gateway and
        // the workers one environment, so one METRICS_PORT, and whoever binds it first serves it.
        app.log.error(
          { err, ...listen },
          "metrics not served: the port is taken or cannot be bound",
        );
      }
    });
    app.addHook("onClose", async () => {
      await server?.close();
    });
  },
  { name: "metrics" },
);

/**
 * Counts the refusals of `scope`'s route (POST /api/submit) by the error code its caller gets,
 * wherever it was refused: authentication, the team's rate limit, the body, or the checks.
 */
export function countRefusedSubmissions(scope: FastifyInstance): void {
  const refused = new WeakSet<FastifyRequest>();
  scope.addHook("onError", async (request) => {
    refused.add(request);
  });
  scope.addHook("onSend", async (request, _reply, payload) => {
    if (refused.has(request)) scope.metrics.countSubmission("refused", errorCodeIn(payload));
    return payload;
  });
}

/** The `code` of the error envelope the error handler sent (plugins/error-handler.ts). */
function errorCodeIn(payload: unknown): string {
  if (typeof payload !== "string") return "unknown";
  try {
    const { code } = JSON.parse(payload) as { code?: unknown };
    return typeof code === "string" ? code : "unknown";
  } catch {
    return "unknown";
  }
}
