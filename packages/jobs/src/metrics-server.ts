import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** What a Prometheus registry offers a scrape (prom-client's `Registry`). */
export interface ScrapeableRegistry {
  metrics(): Promise<string>;
  contentType: string;
}

export interface MetricsServer {
  /** The port bound (the one asked for, or the system's choice for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` from `registry` at `host:port` (0: any free port) on a listener of its
 * own, never the public one (docs/operations.md "Metrics"). Gateway and workers share it.
 */
export async function serveMetrics(
  registry: ScrapeableRegistry,
  {
    host,
    port,
    logger,
  }: { host: string; port: number; logger: { error(obj: object, msg: string): void } },
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = request.url?.split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
      (err: unknown) => {
        logger.error({ err }, "metrics: scrape failed");
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
