import { gzipSync } from "node:zlib";
import { METRICS } from "@tandem/competition";
import { type Database, submissions } from "@tandem/db";
import { jsonApi } from "../../test/support/http";
import { shownExactly } from "../../test/support/shown";
import { CHALLENGES } from "./files";

export interface RushTeam {
  id: string;
  name: string;
  apiKey: string;
}

/** Runs `task` over `items` with at most `width` at a time. */
export async function inPool<T, R>(
  items: T[],
  width: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await task(items[index]!, index);
      }
    }),
  );
  return results;
}

/** `count` teams made as participants make them (sign-up, create), activated by the organizer in bulk. */
export async function createTeams(
  baseUrl: string,
  adminAuth: Record<string, string>,
  count: number,
  prefix = "rush",
): Promise<RushTeam[]> {
  const made = await inPool(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const name = `${prefix}-${String(i).padStart(4, "0")}`;
      const signup = await jsonApi(baseUrl, "/api/save-user-signup", {
        method: "POST",
        body: {
          firstName: "Rush",
          lastName: `Team${i}`,
          email: `${name}@example.org`,
          password: "rush-password",
          isStudent: false,
          position: "Data scientist",
          area: "Benchmarks",
          eligible: true,
        },
      });
      if (signup.status !== 201) throw new Error(`signup ${i}: ${JSON.stringify(signup.body)}`);
      const created = await jsonApi(baseUrl, "/api/teams/create", {
        method: "POST",
        body: { team_name: name },
        headers: { authorization: `Bearer ${signup.body.token}` },
      });
      const team = created.body.team as { id: string; api_key: string };
      if (!team) throw new Error(`team ${i}: ${JSON.stringify(created.body)}`);
      return { id: team.id, name, apiKey: team.api_key };
    },
  );
  for (let start = 0; start < made.length; start += 500) {
    const batch = made.slice(start, start + 500);
    const activated = await jsonApi(baseUrl, "/api/admin/teams/activate", {
      method: "POST",
      headers: adminAuth,
      body: { team_ids: batch.map((team) => team.id) },
    });
    if (activated.status !== 200) throw new Error(`activate: ${JSON.stringify(activated.body)}`);
  }
  return made;
}

/**
 * `perTeam` earlier counted, scored submissions for each team, spread over every challenge and
 * the day before the rush (so they do not use today's quota), written straight to the database.
 */
export async function insertHistory(db: Database, teams: RushTeam[], perTeam: number) {
  const placeholder = gzipSync("history\n");
  const dayAgo = Date.now() - 86_400_000;
  let rows: (typeof submissions.$inferInsert)[] = [];
  let n = 0;
  for (const team of teams) {
    for (let k = 0; k < perTeam; k += 1) {
      const { challenge } = CHALLENGES[(k + n) % CHALLENGES.length]!;
      const value = ((n * 7919 + k * 104_729) % 1000) / 1000;
      const createdAt = new Date(dayAgo - ((n * 37 + k * 1_009) % 36_000_000));
      rows.push({
        teamId: team.id,
        challengeKey: challenge.key,
        status: "scored",
        predictions: placeholder,
        payloadHash: `history-${team.id}-${k}`,
        rowCount: 1,
        metricName: METRICS[challenge.metric].name,
        ...shownExactly(value),
        privateMetricValue: value,
        counted: true,
        createdAt,
        scoredAt: new Date(createdAt.getTime() + 5_000),
      });
      if (rows.length === 2_000) {
        await db.insert(submissions).values(rows);
        rows = [];
      }
    }
    n += 1;
  }
  if (rows.length > 0) await db.insert(submissions).values(rows);
}
