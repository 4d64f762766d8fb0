import type { Database } from "@tandem/db";
import { sql } from "drizzle-orm";

/** Runs `sample` every `everyMs` until stopped (never two at once; a failed sample is skipped). */
function every(everyMs: number, sample: () => Promise<void>) {
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await sample();
      } catch {
        // A missed second: the figures are maxima and means over the others.
      }
      const wait = everyMs - (performance.now() - started);
      if (running && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/**
 * The public queue figures (`GET /api/status`) sampled every `everyMs`: the deepest queue
 * (queued or scoring) and the longest wait of its oldest submission seen. The gateway caches the
 * answer for a couple of seconds, so a peak between two of its reads may be missed.
 */
export function queueSampler(baseUrl: string, everyMs = 1_000) {
  let samples = 0;
  let maxLength = 0;
  let maxOldestSeconds = 0;
  const stop = every(everyMs, async () => {
    const response = await fetch(`${baseUrl}/api/status`);
    const body = (await response.json()) as {
      queue?: { length?: number; oldest_wait_seconds?: number | null };
    };
    if (response.status !== 200 || !body.queue) return;
    samples += 1;
    maxLength = Math.max(maxLength, body.queue.length ?? 0);
    maxOldestSeconds = Math.max(maxOldestSeconds, body.queue.oldest_wait_seconds ?? 0);
  });
  return {
    async stop() {
      await stop();
      return { samples, maxLength, maxOldestSeconds };
    },
  };
}

/** Whether `submissions.aligned` exists (migration 0016; absent at the ADR 0013 commit). */
export async function hasAlignedColumn(db: Database): Promise<boolean> {
  const result = (await db.execute(sql`
    select 1 from information_schema.columns
    where table_schema = current_schema() and table_name = 'submissions' and column_name = 'aligned'
  `)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * The mean size of the aligned forms waiting in `submissions.aligned`, sampled every `everyMs`
 * (the worker clears a form once it is scored, so it is read while the rush runs). The mean is
 * over the samples that found any form, each weighted by the forms it found.
 */
export function alignedSampler(db: Database, everyMs = 1_000) {
  let samples = 0;
  let forms = 0;
  let bytes = 0;
  const stop = every(everyMs, async () => {
    const result = (await db.execute(sql`
      select count(*)::int as n, coalesce(sum(octet_length(aligned)), 0)::float8 as bytes
      from submissions where aligned is not null
    `)) as unknown as { rows: { n: number; bytes: number }[] };
    const row = result.rows[0];
    if (!row || row.n === 0) return;
    samples += 1;
    forms += row.n;
    bytes += Number(row.bytes);
  });
  return {
    async stop() {
      await stop();
      return { samples, forms, meanBytes: forms > 0 ? bytes / forms : Number.NaN };
    },
  };
}

/** Postgres's current WAL position; `walBytesSince` of it is what was written since. */
export async function walLsn(db: Database): Promise<string> {
  const result = (await db.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as {
    rows: { lsn: string }[];
  };
  return result.rows[0]!.lsn;
}

/** WAL bytes the whole Postgres cluster wrote since `lsn` (every database on it, not only ours). */
export async function walBytesSince(db: Database, lsn: string): Promise<number> {
  const result = (await db.execute(
    sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${lsn}::pg_lsn)::float8 as bytes`,
  )) as unknown as { rows: { bytes: number }[] };
  return Number(result.rows[0]!.bytes);
}
