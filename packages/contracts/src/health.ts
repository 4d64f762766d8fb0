import { z } from "zod";

/** `GET /api/`: which service answers. */
export const serviceInfoResponseSchema = z.object({ message: z.string(), status: z.string() });

/** `GET /api/health`: liveness. */
export const healthResponseSchema = z.object({ status: z.string() });

/** `GET /api/ready`: each dependency's check by name ("ok" or "unavailable"). */
export const readyResponseSchema = z.object({
  status: z.string(),
  checks: z.record(z.string(), z.string()),
});
