import { gzipSync } from "node:zlib";
import { METRICS } from "@tandem/competition";
import { allChallenges } from "@tandem/competition/server";
import { SUBMISSION_STATUSES } from "@tandem/contracts";
import { submissions, teamMembers, teams, users } from "@tandem/db";
import { and, desc, eq } from "drizzle-orm";
import { encryptApiKey, hashApiKey } from "../../services/gateway/src/lib/api-keys";
import { hashPassword } from "../../services/gateway/src/lib/passwords";
import { TEST_SECRETS } from "../../test/support/services";
import { shownExactly } from "../../test/support/shown";
import { createBenchServices } from "./bench-gateway";

/**
 * The participant benches' scene: one team with `own` submissions (files the size a real one is:
 * a CSV of 20,000 predictions, 115 KB gzipped) among 299 other teams' 44,000 rows (300 teams,
 * 45,000 submissions), and a production gateway (server.ts) on Postgres and Redis serving it and
 * the built web app. The team acts by API key (`KEY`) or by its member's password.
 */
export const KEY = "tdm_bench-history-team-key";
export const MEMBER = { email: "history-member@example.org", password: "bench-pages-Passw0rd!" };
const OTHER_TEAMS = 299;
const PER_OTHER_TEAM = 147;

export async function startHistoryScene(own: number) {
  const { db, startBenchGateway, stop } = await createBenchServices("history");

  const teamIds = (
    await db
      .insert(teams)
      .values(
        Array.from({ length: OTHER_TEAMS + 1 }, (_, i) => ({
          name: `history-${String(i).padStart(3, "0")}`,
          status: "active" as const,
          activatedAt: new Date(Date.now() - 30 * 86_400_000),
          apiKeyHash: i === 0 ? hashApiKey(KEY) : `bench-${i}`,
          // The team page shows its key: the one under test holds a real one, as the gateway sees it.
          apiKeyEncrypted:
            i === 0
              ? encryptApiKey(KEY, Buffer.from(TEST_SECRETS.API_KEY_ENCRYPTION_KEY, "base64"))
              : "bench",
        })),
      )
      .returning({ id: teams.id })
  ).map((row) => row.id);

  // The key acts for the team's people: it needs one who can sign in.
  const [member] = await db
    .insert(users)
    .values({
      email: MEMBER.email,
      emailKey: MEMBER.email,
      username: "history-member",
      passwordHash: await hashPassword(MEMBER.password),
    })
    .returning({ id: users.id });
  await db.insert(teamMembers).values({ teamId: teamIds[0]!, userId: member!.id, role: "owner" });

  // Spread over the last 30 days and every challenge; mostly scored, some of each other status.
  const small = gzipSync("id,label\n1,0\n");
  // A real file for the team under test: 20,000 rows of ids and probabilities.
  let seed = 7;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const realCsv = `id,probability\n${Array.from({ length: 20_000 }, (_, i) => `${100_000 + i},${random().toFixed(6)}`).join("\n")}\n`;
  const realFile = gzipSync(realCsv);
  const rowsOf = (teamId: string, count: number, salt: number) =>
    Array.from({ length: count }, (_, i) => {
      const file = salt === 0 ? realFile : small;
      const challenge = allChallenges()[(i + salt) % allChallenges().length]!;
      const status = i % 10 === 9 ? SUBMISSION_STATUSES[((i / 10) % 5) | 0]! : "scored";
      return {
        teamId,
        challengeKey: challenge.key,
        status,
        predictions: file,
        payloadHash: `${salt}-${i}`,
        rowCount: 1,
        metricName: METRICS[challenge.metric].name,
        ...shownExactly(status === "scored" ? ((i * 7919) % 1000) / 1000 : null),
        privateMetricValue: status === "scored" ? ((i * 104_729) % 1000) / 1000 : null,
        errorMessage:
          status === "invalid" ? "Submission failed validation: row 3: bad label" : null,
        counted: true,
        note: i % 4 === 0 ? `try ${i}` : null,
        createdAt: new Date(
          Date.now() - 30 * 86_400_000 + Math.floor((i * 30 * 86_400_000) / count),
        ),
      };
    });
  const all = [
    ...rowsOf(teamIds[0]!, own, 0),
    ...teamIds.slice(1).flatMap((id, t) => rowsOf(id, PER_OTHER_TEAM, t + 1)),
  ];
  for (let i = 0; i < all.length; i += 200)
    await db.insert(submissions).values(all.slice(i, i + 200));
  await db.execute("analyze submissions");

  const { base, ready } = await startBenchGateway({ NOTIFY_SWEEP_SECONDS: "0" });
  await ready().catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {
    base,
    teamId: teamIds[0]!,
    rows: all.length,
    teams: OTHER_TEAMS + 1,
    fileKb: Math.round(realFile.length / 1024),
    /** The team's newest scored submission, and its challenge's domain (for page addresses). */
    async firstSubmission(): Promise<{ submissionId: string; slug: string }> {
      const [row] = await db
        .select({ id: submissions.id, challengeKey: submissions.challengeKey })
        .from(submissions)
        .where(and(eq(submissions.teamId, teamIds[0]!), eq(submissions.status, "scored")))
        .orderBy(desc(submissions.createdAt))
        .limit(1);
      if (!row) throw new Error("the scene's team has no scored submission");
      return { submissionId: row.id, slug: row.challengeKey.split("/")[0]! };
    },
    stop,
  };
}

/** Median and p95 of `samples` sequential requests, after 20 to warm up. */
export async function timed(url: string, headers: Record<string, string>, samples: number) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(samples / 2)]!, p95: times[Math.floor(samples * 0.95)]! };
}
