import {
  type Challenge,
  challengeHeading,
  type Domain,
  METRICS,
  type MetricId,
} from "@tandem/competition";

/** The parts of the competition definition the ranking needs. */
export type RankingDomain = Pick<Domain, "slug" | "name"> & {
  challenges: readonly (Pick<Challenge, "key" | "number" | "title" | "metric"> & {
    baseline?: number | null;
    /** How many submissions stand for the team in the private standings. Default 2. */
    finalSubmissions?: number;
  })[];
};

/**
 * Which score ranks (docs/adr/0009-public-private-split.md): `public`, each team's best public
 * score; `private`, the best private score among its final submissions (the ones it marked, or
 * when it marked none its best `finalSubmissions` by public score).
 */
export type RankingPart = "public" | "private";

/**
 * The rules: docs/architecture.md#ranking-rules. Inputs are counted, scored submissions only;
 * practice never ranks.
 */
export interface RankingTeam {
  id: string;
  name: string;
  activatedAt: Date | null;
}

export interface CountedResult {
  teamId: string;
  challengeKey: string;
  /** The public score. */
  metricValue: number;
  /** The private score; absent or null: the submission has none (scored before the split). */
  privateMetricValue?: number | null;
  /**
   * The public score as the team is shown it under the challenge's feedback policy
   * (docs/adr/0015): what the public standings rank. Absent: `metricValue`; null: not assigned
   * yet, so it does not rank until it is.
   */
  shownValue?: number | null;
  /** Marked by the team as one of its final submissions. */
  final?: boolean;
  createdAt: Date;
  /**
   * How many counted submissions this result stands for (default 1): a summary of a team's
   * results on a challenge carries the count of the rows it leaves out on one of its rows.
   */
  count?: number;
}

export interface ChallengeCell {
  metric_name: string;
  metric_value: number | null;
  score: number;
  /** Whether the result beats the shipped baseline (null: no result or no baseline). */
  beats_baseline: boolean | null;
}

export interface OverallRow {
  rank: number;
  team_id: string;
  team_name: string;
  total_score: number;
  valid_submissions_total: number;
  time_used_seconds: number;
  /** Private standings only: the team's rank in the public ones, and public_rank - rank. */
  public_rank?: number;
  rank_change?: number;
}

export interface DomainRow {
  rank: number;
  team_id: string;
  team_name: string;
  challenges: Record<string, ChallengeCell>;
  domain_score: number;
  valid_submissions: number;
  /** Prize condition: beats the baseline on every challenge of the domain that has one. */
  beats_baseline: boolean;
  /** Private standings only: the team's rank in the public ones, and public_rank - rank. */
  public_rank?: number;
  rank_change?: number;
}

export interface Rankings {
  overall: OverallRow[];
  domains: Record<
    string,
    { domain: string; challenge_columns: ChallengeColumn[]; rows: DomainRow[] }
  >;
}

export interface ChallengeColumn {
  key: string;
  number: number;
  title: string;
  metric_name: string;
  higher_is_better: boolean;
  /** The baseline row's value for this challenge. */
  baseline: number | null;
}

interface Best {
  value: number;
  at: Date;
}

/** Whether `a` beats `b` on the metric (strictly). */
export function isBetter(metric: MetricId, a: number, b: number): boolean {
  return METRICS[metric].higherIsBetter ? a > b : a < b;
}

/** Challenge ranking score: among N teams with a result, rank r (ties share) gets (N - r + 1) / N. */
export function challengeScores(metric: MetricId, best: Map<string, Best>): Map<string, number> {
  const n = best.size;
  // One sort, best first: the teams strictly better than a value are those before its first
  // occurrence (n log n; comparing every pair took seconds at 3,000 teams).
  const values = [...best.values()].map(({ value }) => value);
  values.sort((a, b) => (isBetter(metric, a, b) ? -1 : isBetter(metric, b, a) ? 1 : 0));
  const firstAt = new Map<number, number>();
  values.forEach((value, i) => {
    if (!firstAt.has(value)) firstAt.set(value, i);
  });
  const scores = new Map<string, number>();
  for (const [teamId, { value }] of best) {
    const strictlyBetter = firstAt.get(value)!;
    scores.set(teamId, (n - (strictlyBetter + 1) + 1) / n);
  }
  return scores;
}

interface TieBreak {
  score: number;
  submissions: number;
  bestAt: number;
}

function compare(a: TieBreak, b: TieBreak): number {
  return b.score - a.score || a.submissions - b.submissions || a.bestAt - b.bestAt;
}

/** Sequential ranks; teams equal on every tie-break share one. */
function assignRanks<T extends TieBreak>(sorted: T[]): number[] {
  const ranks: number[] = [];
  sorted.forEach((row, i) => {
    const previous = sorted[i - 1];
    ranks.push(previous && compare(previous, row) === 0 ? ranks[i - 1]! : i + 1);
  });
  return ranks;
}

/** Sorts the rows into leaderboard order and heads each with its rank and team. */
function ranked<R extends TieBreak & { team: RankingTeam }, T>(
  rows: R[],
  fields: (row: R) => T,
): ({ rank: number; team_id: string; team_name: string } & T)[] {
  rows.sort(compare);
  const ranks = assignRanks(rows);
  return rows.map((row, i) => ({
    rank: ranks[i]!,
    team_id: row.team.id,
    team_name: row.team.name,
    ...fields(row),
  }));
}

/** The best of `candidates` by `value` (ties: the earlier submission); undefined if none has one. */
function bestOf(
  metric: MetricId,
  candidates: readonly CountedResult[],
  value: (result: CountedResult) => number | null | undefined,
): Best | undefined {
  let best: Best | undefined;
  for (const result of candidates) {
    const v = value(result);
    if (v === null || v === undefined) continue;
    if (
      !best ||
      isBetter(metric, v, best.value) ||
      (v === best.value && result.createdAt.getTime() < best.at.getTime())
    ) {
      best = { value: v, at: result.createdAt };
    }
  }
  return best;
}

/**
 * The submissions that stand for a team in the private standings: the ones it marked final,
 * or when it marked none its best `count` by public score (ties: the earlier).
 */
export function finalSubmissionsOf<R extends CountedResult>(
  metric: MetricId,
  results: readonly R[],
  count: number,
): R[] {
  const marked = results.filter((result) => result.final);
  if (marked.length > 0) return marked;
  return [...results]
    .sort((a, b) =>
      a.metricValue === b.metricValue
        ? a.createdAt.getTime() - b.createdAt.getTime()
        : isBetter(metric, a.metricValue, b.metricValue)
          ? -1
          : 1,
    )
    .slice(0, count);
}

/**
 * A team's result on one challenge from its counted results there: in the public standings its
 * best public score, in the private ones the best private score among its final submissions.
 * Undefined when it has none.
 */
export function teamResultOn(
  challenge: Pick<RankingDomain["challenges"][number], "metric" | "finalSubmissions">,
  teamResults: readonly CountedResult[],
  part: RankingPart,
): { value: number; at: Date } | undefined {
  return part === "public"
    ? bestOf(challenge.metric, teamResults, (r) =>
        r.shownValue === undefined ? r.metricValue : r.shownValue,
      )
    : bestOf(
        challenge.metric,
        finalSubmissionsOf(challenge.metric, teamResults, challenge.finalSubmissions ?? 2),
        (r) => r.privateMetricValue,
      );
}

export function computeRankings(
  domains: readonly RankingDomain[],
  teams: readonly RankingTeam[],
  results: readonly CountedResult[],
  options: { part?: RankingPart } = {},
): Rankings {
  const part = options.part ?? "public";
  const bestByChallenge = new Map<string, Map<string, Best>>();
  const submissionsByTeam = new Map<string, number>();
  const submissionsByTeamDomain = new Map<string, number>();
  const latestByTeam = new Map<string, number>();
  const challengeOf = new Map(domains.flatMap((d) => d.challenges.map((c) => [c.key, c] as const)));
  const metricOf = new Map([...challengeOf].map(([key, c]) => [key, c.metric] as const));
  /** Each challenge's counted results, per team. */
  const resultsByChallenge = new Map<string, Map<string, CountedResult[]>>();

  for (const result of results) {
    if (!metricOf.has(result.challengeKey)) continue;
    const count = result.count ?? 1;
    submissionsByTeam.set(result.teamId, (submissionsByTeam.get(result.teamId) ?? 0) + count);
    const domainKey = `${result.teamId}|${result.challengeKey.split("/")[0]}`;
    submissionsByTeamDomain.set(domainKey, (submissionsByTeamDomain.get(domainKey) ?? 0) + count);
    const at = result.createdAt.getTime();
    latestByTeam.set(result.teamId, Math.max(latestByTeam.get(result.teamId) ?? 0, at));
    let perTeam = resultsByChallenge.get(result.challengeKey);
    if (!perTeam) {
      perTeam = new Map();
      resultsByChallenge.set(result.challengeKey, perTeam);
    }
    const teamResults = perTeam.get(result.teamId);
    if (teamResults) teamResults.push(result);
    else perTeam.set(result.teamId, [result]);
  }

  for (const [key, perTeam] of resultsByChallenge) {
    const challenge = challengeOf.get(key)!;
    const best = new Map<string, Best>();
    for (const [teamId, teamResults] of perTeam) {
      const result = teamResultOn(challenge, teamResults, part);
      if (result) best.set(teamId, result);
    }
    bestByChallenge.set(key, best);
  }

  const scoreByChallenge = new Map<string, Map<string, number>>();
  for (const [key, best] of bestByChallenge) {
    scoreByChallenge.set(key, challengeScores(metricOf.get(key)!, best));
  }

  /** When each team's current standing was set: its latest per-challenge best. */
  const bestAtByTeam = new Map<string, number>();
  for (const best of bestByChallenge.values()) {
    for (const [teamId, { at }] of best) {
      bestAtByTeam.set(teamId, Math.max(bestAtByTeam.get(teamId) ?? 0, at.getTime()));
    }
  }

  const domainResults: Rankings["domains"] = {};
  const domainScoreByTeam = new Map<string, number[]>();
  for (const domain of domains) {
    const rows = teams.map((team) => {
      const challenges: Record<string, ChallengeCell> = {};
      let sum = 0;
      for (const challenge of domain.challenges) {
        const best = bestByChallenge.get(challenge.key)?.get(team.id);
        const score = scoreByChallenge.get(challenge.key)?.get(team.id) ?? 0;
        const baseline = challenge.baseline ?? null;
        challenges[challenge.key] = {
          metric_name: METRICS[challenge.metric].name,
          metric_value: best ? best.value : null,
          score,
          beats_baseline:
            best && baseline !== null ? isBetter(challenge.metric, best.value, baseline) : null,
        };
        sum += score;
      }
      const domainScore = domain.challenges.length ? sum / domain.challenges.length : 0;
      domainScoreByTeam.set(team.id, [...(domainScoreByTeam.get(team.id) ?? []), domainScore]);
      let bestAt = 0;
      for (const challenge of domain.challenges) {
        const at = bestByChallenge.get(challenge.key)?.get(team.id)?.at.getTime() ?? 0;
        bestAt = Math.max(bestAt, at);
      }
      return {
        team,
        challenges,
        score: domainScore,
        submissions: submissionsByTeamDomain.get(`${team.id}|${domain.slug}`) ?? 0,
        bestAt,
      };
    });
    domainResults[domain.slug] = {
      domain: domain.name,
      challenge_columns: domain.challenges.map((c) => ({
        ...challengeHeading(c),
        baseline: c.baseline ?? null,
      })),
      rows: ranked(rows, (row) => ({
        challenges: row.challenges,
        domain_score: row.score,
        valid_submissions: row.submissions,
        beats_baseline:
          domain.challenges.every((c) =>
            c.baseline === null || c.baseline === undefined
              ? true
              : row.challenges[c.key]!.beats_baseline === true,
          ) && Object.values(row.challenges).some((cell) => cell.metric_value !== null),
      })),
    };
  }

  const overall = teams.map((team) => {
    const domainScores = domainScoreByTeam.get(team.id) ?? [];
    const score = domains.length ? domainScores.reduce((a, b) => a + b, 0) / domains.length : 0;
    const latest = latestByTeam.get(team.id);
    const timeUsed =
      latest !== undefined && team.activatedAt
        ? Math.max(0, Math.round((latest - team.activatedAt.getTime()) / 1000))
        : 0;
    return {
      team,
      score,
      submissions: submissionsByTeam.get(team.id) ?? 0,
      bestAt: bestAtByTeam.get(team.id) ?? 0,
      timeUsed,
    };
  });
  return {
    overall: ranked(overall, (row) => ({
      total_score: row.score,
      valid_submissions_total: row.submissions,
      time_used_seconds: row.timeUsed,
    })),
    domains: domainResults,
  };
}

// The leaderboard bodies the rules give: what a rebuild stores and a read sends as it is.
/** Which standings a body carries (contracts' `Standings`). */
export type StandingsKind = "public" | "final" | "private";

export interface RankingInputsLike {
  asOf: Date;
  teams: { id: string; name: string; activatedAt: Date | null }[];
  results: CountedResult[];
  /** Each challenge's baseline on this deployment's answers; absent until measured. */
  baselines: Readonly<Record<string, number>>;
  /** The baselines on the private part, where measured. */
  privateBaselines?: Readonly<Record<string, number>>;
  /** Whether the organizers revealed the final standings: then the bodies are `final`. */
  revealed?: boolean;
}

/**
 * The leaderboard response bodies (shapes: docs/product.md#records), serialized once when rankings
 * change so that reads send them as they are. By default the official standings: public before the
 * reveal, final after it; `standings: "private"` is the organizers' preview of the final ones.
 * Private and final rows carry the team's public rank beside their own and the change.
 */
export function rankingBodies(
  domains: readonly RankingDomain[],
  inputs: RankingInputsLike,
  options: { standings?: StandingsKind } = {},
): {
  rankings: Rankings;
  standings: StandingsKind;
  version: number;
  overall: string;
  domains: Record<string, string>;
} {
  const standings = options.standings ?? (inputs.revealed ? "final" : "public");
  const part: RankingPart = standings === "public" ? "public" : "private";
  const withBaselines = (which: RankingPart) =>
    domains.map((domain) => ({
      ...domain,
      challenges: domain.challenges.map((c) => ({
        ...c,
        // The private part's baseline where measured; the public one says the most otherwise.
        baseline:
          (which === "private" ? inputs.privateBaselines?.[c.key] : undefined) ??
          inputs.baselines[c.key] ??
          null,
      })),
    }));
  const shown = withBaselines(part);
  const rankings = computeRankings(shown, inputs.teams, inputs.results, { part });
  if (part === "private") {
    addShakeUp(rankings, computeRankings(withBaselines("public"), inputs.teams, inputs.results));
  }
  const updatedAt = inputs.asOf.toISOString();
  const bodies: Record<string, string> = {};
  for (const domain of shown) {
    const result = rankings.domains[domain.slug]!;
    bodies[domain.slug] = JSON.stringify({
      domain: result.domain,
      slug: domain.slug,
      challenge_columns: result.challenge_columns,
      baseline: {
        challenges: Object.fromEntries(
          result.challenge_columns.map((c) => [
            c.key,
            { metric_name: c.metric_name, metric_value: c.baseline },
          ]),
        ),
      },
      leaderboard: result.rows,
      standings,
      updated_at: updatedAt,
    });
  }
  return {
    rankings,
    standings,
    version: inputs.asOf.getTime(),
    overall: JSON.stringify({ leaderboard: rankings.overall, standings, updated_at: updatedAt }),
    domains: bodies,
  };
}

/** Puts each team's public rank and its change beside the private rows (in place). */
function addShakeUp(privateRankings: Rankings, publicRankings: Rankings): void {
  const mark = (
    rows: { team_id: string; rank: number; public_rank?: number; rank_change?: number }[],
    publicRows: { team_id: string; rank: number }[],
  ) => {
    const publicRank = new Map(publicRows.map((row) => [row.team_id, row.rank]));
    for (const row of rows) {
      // Every ranked team is in both: the same teams rank in both standings.
      const rank = publicRank.get(row.team_id) ?? row.rank;
      row.public_rank = rank;
      row.rank_change = rank - row.rank;
    }
  };
  mark(privateRankings.overall, publicRankings.overall);
  for (const [slug, domain] of Object.entries(privateRankings.domains)) {
    mark(domain.rows, publicRankings.domains[slug]?.rows ?? []);
  }
}
