import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { tagged } from "../../plugins/openapi";
import { sdkAuthRoutes } from "./sdk-auth.routes";

/** The SDK's `/auth/verify` and `/auth/register`. */
export async function sdkAuthModule(app: FastifyInstance, { config, db, settings }: GatewayDeps) {
  await app.register(tagged("Team API key", sdkAuthRoutes), {
    db,
    encryptionKey: config.apiKeyEncryptionKey,
    requireVerifiedEmail: async () => (await settings.current()).requireVerifiedEmail,
  });
}
