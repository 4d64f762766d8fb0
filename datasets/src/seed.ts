import { randomBytes } from "node:crypto";

/** A seed shorter than this could be guessed, and with it every answer rebuilt. */
export const MIN_SECRET_SEED_LENGTH = 32;

const HOW_TO_SET =
  "Set DATA_SEED (from your secret store) to a random value of 32 or more characters, e.g. " +
  "`openssl rand -hex 32`, and keep it: the same seed and scale make the same data again.";

export class SeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SeedError";
  }
}

/** A fresh secret seed (embedded mode keeps one in its secrets file). */
export const newSecretSeed = (): string => randomBytes(32).toString("hex");

/**
 * The secret a production deployment generates its data from. The generator and its code are
 * public, so the answers are exactly as secret as this value: there is no default.
 */
export function requireSecretSeed(value: string | undefined): string {
  const seed = value?.trim() ?? "";
  if (seed === "") {
    throw new SeedError(
      `DATA_SEED is not set, so no data can be generated: without a secret seed anyone could ` +
        `regenerate the hidden answers from the public code. ${HOW_TO_SET}`,
    );
  }
  if (seed.length < MIN_SECRET_SEED_LENGTH) {
    throw new SeedError(
      `DATA_SEED is too short (${seed.length} characters): a short seed can be guessed, and ` +
        `with it every hidden answer. ${HOW_TO_SET}`,
    );
  }
  return seed;
}

export const PUBLIC_SEED_WARNING =
  "Generating from the seed given with --seed: anyone who knows it can rebuild the hidden " +
  "answers. Use a chosen seed only for tests and benchmarks.";
