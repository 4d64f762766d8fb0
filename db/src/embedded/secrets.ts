import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface EmbeddedSecrets {
  jwtSecret: string;
  apiKeyEncryptionKey: string;
  /** PEM Ed25519 private key for JupyterHub sign-in tokens. */
  jupyterSigningKey: string;
  /** The secret the datasets and hidden answers are generated from; never leaves this file. */
  dataSeed: string;
}

const MAKERS: { [K in keyof EmbeddedSecrets]: () => string } = {
  jwtSecret: () => randomBytes(48).toString("base64url"),
  apiKeyEncryptionKey: () => randomBytes(32).toString("base64"),
  jupyterSigningKey: () =>
    generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  dataSeed: () => randomBytes(32).toString("hex"),
};

/**
 * Secrets for embedded mode, made once and kept in `{dataDir}/secrets.json` (mode 0600), so
 * sessions, stored API keys and the data survive restarts without any configuration. A data
 * folder from an earlier version gets the secrets it lacks; the ones it has are kept.
 */
export function loadOrCreateSecrets(dataDir: string): EmbeddedSecrets {
  const file = join(dataDir, "secrets.json");
  const stored: Partial<EmbeddedSecrets> = existsSync(file)
    ? JSON.parse(readFileSync(file, "utf8"))
    : {};
  const missing = (Object.keys(MAKERS) as (keyof EmbeddedSecrets)[]).filter((key) => !stored[key]);
  if (missing.length === 0) return stored as EmbeddedSecrets;
  const secrets = { ...stored };
  for (const key of missing) secrets[key] = MAKERS[key]();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets as EmbeddedSecrets;
}
