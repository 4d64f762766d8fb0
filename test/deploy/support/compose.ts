import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { parse } from "yaml";
import { REPO_ROOT } from "../../support/processes";
import { TEST_SECRETS } from "../../support/services";
import { read } from "./code";

type Json = Record<string, unknown>;

export function readEnvFile(path: string): Record<string, string> {
  return parseEnv(readFileSync(join(REPO_ROOT, path), "utf8")) as Record<string, string>;
}

/**
 * Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, $$. Written
 * here because no Compose can run it: the Docker CLI on the machines has no compose plugin, and
 * the npm wrappers of compose-go download their binary at install time.
 */
export function interpolate(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === "string") {
    return value.replace(
      /\$\$|\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g,
      (whole, name?: string, op?: string, operand?: string) => {
        if (whole === "$$") return "$";
        const set = vars[name!];
        const empty = set === undefined || (op?.startsWith(":") && set === "");
        if (op?.endsWith("?") && empty) throw new Error(`${name}: ${operand}`);
        if (op?.endsWith("-") && empty) return operand ?? "";
        return set ?? "";
      },
    );
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, vars));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars)]));
  }
  return value;
}

export function variablesReferenced(text: string): Set<string> {
  return new Set([...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!));
}

/** Values for the secrets .env.example leaves empty, as an operator would fill them in. */
export const FILLED_SECRETS = {
  POSTGRES_PASSWORD: "compose-test-password",
  GATEWAY_DB_PASSWORD: "compose-test-gateway-password",
  WORKER_DB_PASSWORD: "compose-test-worker-password",
  REDIS_PASSWORD: "compose-test-redis-password",
  ADMIN_EMAIL: "organizers@example.org",
  ADMIN_PASSWORD: "organizer-password",
  DATA_SEED: "compose-test-data-seed-0123456789abcdef",
  ...TEST_SECRETS,
};

export type Compose = {
  services: Record<string, Json & { environment?: Record<string, unknown> }>;
  volumes: Record<string, unknown>;
  networks?: Record<string, { internal?: boolean } | null>;
};

export const compose = parse(read("docker-compose.yml")) as Compose;
export const envExample = readEnvFile(".env.example");
export const resolvedCompose = interpolate(compose, {
  ...envExample,
  ...FILLED_SECRETS,
}) as Compose;
