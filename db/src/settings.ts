import { isAbsolute, resolve } from "node:path";

/** Where embedded data lives when DATA_DIR is not set: `.data` under the working directory. */
export const DEFAULT_DATA_DIR = ".data";

/** DATA_DIR as every entry point reads it: absolute, `.data` under the working directory by default. */
export function dataDirOf(env: Record<string, string | undefined>): string {
  const dir = env.DATA_DIR?.trim() || DEFAULT_DATA_DIR;
  return isAbsolute(dir) ? dir : resolve(dir);
}

/** `npm run db:roles`' passwords: each role gets a login when its password is given. */
export function roleLoginsOf(
  env: Record<string, string | undefined>,
): [role: "tandem_gateway" | "tandem_worker", password: string | undefined][] {
  return [
    ["tandem_gateway", env.GATEWAY_DB_PASSWORD],
    ["tandem_worker", env.WORKER_DB_PASSWORD],
  ];
}

/**
 * The database a command-line tool opens: DATABASE_URL's Postgres, else the embedded database
 * under DATA_DIR.
 */
export function toolSettingsOf(env: Record<string, string | undefined>): {
  databaseUrl: string | undefined;
  dataDir: string;
} {
  return { databaseUrl: env.DATABASE_URL?.trim() || undefined, dataDir: dataDirOf(env) };
}

/** LOG_LEVEL for a command-line tool that logs with pino; `info` when not set. */
export function logLevelOf(env: Record<string, string | undefined>): string {
  return env.LOG_LEVEL?.trim() || "info";
}
