import { SUBMISSIONS_PER_HOUR_MAX_HOURS } from "@tandem/contracts";
import type { Database } from "@tandem/db";
import { sql } from "drizzle-orm";

export interface HourCount {
  /** Start of the hour, UTC. */
  hour: Date;
  submissions: number;
}

/**
 * The console's charts (issue 33), counted in Postgres by the database's clock like the rest of
 * the overview. The range scan uses `submissions_created_idx`, so 48 hours of a busy competition
 * cost one index range and a group by, whatever the table's size.
 */
export function createStatsRepository({ db }: { db: Database }) {
  return {
    /**
     * Submissions per UTC hour, every hour from the later of 47 hours before the current one and
     * the hour the window opened (when it has opened), to the current hour; empty hours as 0.
     */
    async submissionsPerHour(opensAt: Date): Promise<HourCount[]> {
      const span = SUBMISSIONS_PER_HOUR_MAX_HOURS - 1;
      const result = (await db.execute(sql`
        with bounds as (
          select
            date_trunc('hour', now(), 'UTC') as last_hour,
            ${opensAt.toISOString()}::timestamptz as opens_at
        ),
        span as (
          select
            last_hour,
            case
              when opens_at <= now()
                then greatest(last_hour - make_interval(hours => ${span}), date_trunc('hour', opens_at, 'UTC'))
              else last_hour - make_interval(hours => ${span})
            end as first_hour
          from bounds
        ),
        counted as (
          select date_trunc('hour', s.created_at, 'UTC') as hour, count(*)::int as n
          from submissions s, span
          where s.created_at >= span.first_hour
          group by 1
        )
        select extract(epoch from g.hour)::float8 as epoch, coalesce(counted.n, 0)::int as n
        from span, generate_series(span.first_hour, span.last_hour, interval '1 hour') as g(hour)
        left join counted on counted.hour = g.hour
        order by g.hour
      `)) as unknown as { rows: { epoch: number | string; n: number | string }[] };
      return result.rows.map((row) => ({
        hour: new Date(Number(row.epoch) * 1000),
        submissions: Number(row.n),
      }));
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
