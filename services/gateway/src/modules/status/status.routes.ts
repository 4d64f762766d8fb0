import { queueStatusSchema } from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { StatusRepository } from "./status.repository";
import { createQueueStatusService, QUEUE_STATUS_CACHE_MS } from "./status.service";

export interface StatusRoutesOptions {
  counts: StatusRepository["counts"];
  /** How long each gateway keeps the figures (ms); also the browsers' max-age. */
  ttlMs?: number;
  now?: () => number;
}

/** `GET /status`: the scoring queue for anyone, signed in or not; counts only. */
export async function statusRoutes(
  app: FastifyInstance,
  { counts, ttlMs = QUEUE_STATUS_CACHE_MS, now }: StatusRoutesOptions,
) {
  const status = createQueueStatusService({ counts, ttlMs, ...(now ? { now } : {}) });
  const maxAge = Math.floor(ttlMs / 1000);

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/status",
      { schema: { response: { 200: queueStatusSchema } } },
      async (_request, reply) => {
        const answer = await status.current();
        // Proxies and browsers may share it too: it is the same for everyone.
        reply.header("cache-control", `public, max-age=${maxAge}`);
        return answer;
      },
    );
}
