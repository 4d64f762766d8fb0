import { dataDirOf, type EmbeddedSecrets } from "@tandem/db";
import { loadConfig } from "@tandem/gateway";
import { z } from "zod";
import { embeddedHost } from "./listen-address";

// What embedded mode reads beyond the gateway's settings.
const embeddedSchema = z.object({
  /** Dataset size on a first start: 1 is the published sizes; smaller for a quick try. */
  DATA_SCALE: z.coerce
    .number({ error: "DATA_SCALE must be a number, such as 1 (the published sizes) or 0.1" })
    .positive("DATA_SCALE must be greater than 0")
    .max(10, "DATA_SCALE must be at most 10")
    .default(1),
  DATA_SEED: z.string().trim().optional(),
  BASELINE_PYTHON: z.string().trim().optional(),
});

/**
 * Embedded mode's one reading of the environment: the gateway's settings (with this install's
 * generated secrets where none are given, and the loopback address by default) and its own.
 */
export function loadEmbeddedConfig(
  env: Record<string, string | undefined>,
  secretsIn: (dataDir: string) => EmbeddedSecrets,
) {
  const parsed = embeddedSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => issue.message);
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  const dataDir = dataDirOf(env);
  const secrets = secretsIn(dataDir);
  const gateway = loadConfig({
    ...env,
    DATA_DIR: dataDir,
    HOST: embeddedHost(env),
    JWT_SECRET: env.JWT_SECRET ?? secrets.jwtSecret,
    API_KEY_ENCRYPTION_KEY: env.API_KEY_ENCRYPTION_KEY ?? secrets.apiKeyEncryptionKey,
    JUPYTER_SIGNING_KEY: env.JUPYTER_SIGNING_KEY ?? secrets.jupyterSigningKey,
  });
  const { DATA_SCALE, DATA_SEED, BASELINE_PYTHON } = parsed.data;
  return {
    gateway,
    secrets,
    dataScale: DATA_SCALE,
    /** DATA_SEED when given, else this install's own secret seed. */
    dataSeed: DATA_SEED || secrets.dataSeed,
    baselinePython: BASELINE_PYTHON || undefined,
  };
}
