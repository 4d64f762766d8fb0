import { mkdirSync } from "node:fs";
import { join } from "node:path";
import lockfile from "proper-lockfile";

/** A lock not refreshed for this long belongs to a process that died. */
const STALE_MS = 10_000;

export class EmbeddedDatabaseBusyError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The embedded database in ${dataDir} is in use by another process (the embedded server, ` +
        "started with `npm start`?). Stop it, run this again, then start the server again. " +
        `If nothing is running, wait ${STALE_MS / 1000} seconds: a crashed process's lock expires.`,
    );
    this.name = "EmbeddedDatabaseBusyError";
  }
}

/**
 * Takes the data folder's lock for as long as PGlite is open. PGlite lets two processes open
 * the same files and both then corrupt them, so the server and the data tools exclude each
 * other here. `waitMs`: how long to wait for a crashed process's lock to expire (the server
 * waits; the command-line tools answer at once).
 */
export async function lockEmbeddedDatabase(
  dataDir: string,
  { waitMs = 0, onLost }: { waitMs?: number; onLost?: (err: Error) => void } = {},
): Promise<() => Promise<void>> {
  const dir = join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, {
      lockfilePath: join(dataDir, "pglite.lock"),
      stale: STALE_MS,
      update: STALE_MS / 4,
      realpath: false,
      retries:
        waitMs > 0 ? { retries: Math.ceil(waitMs / 500), minTimeout: 500, maxTimeout: 500 } : 0,
      onCompromised:
        onLost ?? ((err) => console.error(`embedded database lock lost: ${err.message}`)),
    });
  } catch (err) {
    if ((err as { code?: string }).code === "ELOCKED") throw new EmbeddedDatabaseBusyError(dataDir);
    throw err;
  }
}
