import { feedbackLabel } from "../feedback";
import { sameJson as isDeepStrictEqual } from "./canonical";
import type { ChallengeDefinition, CompetitionDefinition, LeaderboardVisibility } from "./schema";

/**
 * What an edit of the definition changes, and whether it may: the guards that keep an edit from
 * corrupting results (docs/adr/0014-competition-definition.md). Pure: the caller says what time
 * it is, whether the standings are revealed, and which challenges have submissions or answers.
 */

export interface ChangeContext {
  now: Date;
  revealed: boolean;
  /** Challenge keys with at least one submission (none: dates that passed may still move). */
  withSubmissions: ReadonlySet<string>;
  /** Challenge keys whose hidden answers (and so their public/private split) are loaded. */
  withAnswers: ReadonlySet<string>;
  /** The editor asked to rescore what needs it, in the same action. */
  rescore: boolean;
}

export type RefusalCode =
  | "competition.date_passed"
  | "competition.frozen_after_reveal"
  | "competition.rescore_required"
  | "competition.challenge_in_use"
  | "competition.split_locked";

export interface Refusal {
  code: RefusalCode;
  path: string;
  message: string;
}

export interface Change {
  path: string;
  summary: string;
  /** What follows from it beyond the text (a rescore, a moved deadline), if anything. */
  consequence: string | null;
}

export interface ChangeReview {
  changes: Change[];
  refusals: Refusal[];
  /** Challenge keys whose submissions must be rescored for the change to hold. */
  rescore: string[];
}

/** Paths of changes that decide the ranking: phases, the set of challenges, how each is scored. */
const DECISIVE =
  /^(phases\..*|challenges\.[^.]+|challenges\.[^.]+\.(metric|target|header|split|final_picks)|limits\.(final_picks|public_fraction))$/;

const SCORING_FIELDS = ["metric", "target", "header"] as const;

const challengeMap = (def: CompetitionDefinition) =>
  new Map(
    def.domains.flatMap((d) => d.challenges.map((c) => [`${d.slug}/${c.number}`, c] as const)),
  );

const splitOf = (def: CompetitionDefinition, c: ChallengeDefinition) => ({
  public_fraction: c.split?.public_fraction ?? def.limits.public_fraction,
  group_by: c.split?.group_by ?? null,
});
const finalPicksOf = (def: CompetitionDefinition, c: ChallengeDefinition) =>
  c.final_picks ?? def.limits.final_picks;

const VISIBILITY_WORDS: Record<LeaderboardVisibility, string> = {
  organizers: "organizers only",
  participants: "signed-in team members",
  public: "everyone",
};

/** Top-level sections compared as wholes for the list of changes (their details are texts). */
const TEXT_SECTIONS = [
  "identity",
  "time_zone",
  "dates",
  "timeline",
  "webinars",
  "resources",
  "prizes",
] as const;

export function reviewChange(
  before: CompetitionDefinition,
  after: CompetitionDefinition,
  ctx: ChangeContext,
): ChangeReview {
  const changes: Change[] = [];
  const refusals: Refusal[] = [];
  const rescore = new Set<string>();
  const change = (path: string, summary: string, consequence: string | null = null) =>
    changes.push({ path, summary, consequence });
  const refuse = (code: RefusalCode, path: string, message: string) =>
    refusals.push({ code, path, message });
  const iso = (value: string) => new Date(value).toISOString();
  // A date decides what counted only once something was submitted: before the first
  // submission (a fresh deployment, a new edition) every date may move.
  const passed = (value: string) => ctx.withSubmissions.size > 0 && new Date(value) <= ctx.now;

  // Phases: their dates decide which submissions count.
  const beforePhases = new Map(before.phases.map((p) => [p.id, p]));
  const afterPhases = new Map(after.phases.map((p) => [p.id, p]));
  for (const [id, old] of beforePhases) {
    const next = afterPhases.get(id);
    if (!next) {
      change(`phases.${id}`, `Phase "${old.name}" removed.`);
      if (passed(old.starts_at)) {
        refuse(
          "competition.date_passed",
          `phases.${id}`,
          `Phase "${old.name}" has started: it cannot be removed.`,
        );
      }
      continue;
    }
    for (const edge of ["starts_at", "ends_at"] as const) {
      if (iso(old[edge]) === iso(next[edge])) continue;
      const word = edge === "starts_at" ? "start" : "end";
      change(
        `phases.${id}.${edge}`,
        `Phase "${next.name}" ${word}s at ${iso(next[edge])} (was ${iso(old[edge])}).`,
        next.counts ? "Which submissions count follows the new date at once." : null,
      );
      if (passed(old[edge])) {
        refuse(
          "competition.date_passed",
          `phases.${id}.${edge}`,
          `The ${word} of phase "${old.name}" (${iso(old[edge])}) has passed: it cannot be moved.`,
        );
      } else if (passed(next[edge])) {
        refuse(
          "competition.date_passed",
          `phases.${id}.${edge}`,
          `The ${word} of phase "${next.name}" cannot be moved into the past (${iso(next[edge])}).`,
        );
      }
    }
    if (old.counts !== next.counts) {
      change(
        `phases.${id}.counts`,
        `Phase "${next.name}" ${next.counts ? "now counts" : "no longer counts"}.`,
      );
      if (passed(old.starts_at)) {
        refuse(
          "competition.date_passed",
          `phases.${id}.counts`,
          `Phase "${old.name}" has started: whether it counts is fixed.`,
        );
      }
    }
    if (old.name !== next.name)
      change(`phases.${id}.name`, `Phase "${old.name}" renamed "${next.name}".`);
  }
  for (const [id, added] of afterPhases) {
    if (beforePhases.has(id)) continue;
    change(
      `phases.${id}`,
      `Phase "${added.name}" added (${iso(added.starts_at)} to ${iso(added.ends_at)}).`,
    );
    if (passed(added.starts_at)) {
      refuse(
        "competition.date_passed",
        `phases.${id}.starts_at`,
        `A new phase cannot start in the past (${iso(added.starts_at)}).`,
      );
    }
  }

  // Challenges: what they score and how.
  const beforeChallenges = challengeMap(before);
  const afterChallenges = challengeMap(after);
  const inUse: string[] = [];
  for (const [key, old] of beforeChallenges) {
    const next = afterChallenges.get(key);
    if (!next) {
      change(`challenges.${key}`, `Challenge ${key} ("${old.title}") removed.`);
      if (ctx.withSubmissions.has(key)) inUse.push(key);
      continue;
    }
    const scoring = SCORING_FIELDS.filter((f) => !isDeepStrictEqual(old[f], next[f]));
    for (const field of scoring) {
      const used = ctx.withSubmissions.has(key);
      change(
        `challenges.${key}.${field}`,
        `Challenge ${key}: ${field} changed.`,
        used ? "Its submissions are rescored." : null,
      );
      if (!used) continue;
      if (field === "header" || field === "target") {
        refuse(
          "competition.challenge_in_use",
          `challenges.${key}.${field}`,
          `Challenge ${key} has submissions in its current format: its ${field} cannot change.`,
        );
      } else if (!ctx.rescore) {
        refuse(
          "competition.rescore_required",
          `challenges.${key}.${field}`,
          `Challenge ${key} has scored submissions: changing its ${field} needs a rescore in the same action (rescore: true).`,
        );
      } else rescore.add(key);
    }
    if (!isDeepStrictEqual(splitOf(before, old), splitOf(after, next))) {
      change(`challenges.${key}.split`, `Challenge ${key}: public/private split changed.`);
      if (ctx.withAnswers.has(key)) {
        refuse(
          "competition.split_locked",
          `challenges.${key}.split`,
          `Challenge ${key}'s answers are loaded with their split: change it with competition:import, which splits the answers again.`,
        );
      }
    }
    if (finalPicksOf(before, old) !== finalPicksOf(after, next)) {
      change(
        `challenges.${key}.final_picks`,
        `Challenge ${key}: ${finalPicksOf(after, next)} final picks (was ${finalPicksOf(before, old)}).`,
      );
    }
    if (
      (old.daily_limit ?? before.limits.daily_submissions) !==
      (next.daily_limit ?? after.limits.daily_submissions)
    ) {
      change(
        `challenges.${key}.daily_limit`,
        `Challenge ${key}: daily limit ${next.daily_limit ?? after.limits.daily_submissions}.`,
      );
    }
    const feedbackOf = (def: CompetitionDefinition, c: ChallengeDefinition) =>
      c.feedback ?? def.limits.feedback;
    if (!isDeepStrictEqual(feedbackOf(before, old), feedbackOf(after, next))) {
      change(
        `challenges.${key}.feedback`,
        `Challenge ${key}: feedback ${feedbackLabel(feedbackOf(after, next))}.`,
        "What the teams were shown is worked out again under the new policy.",
      );
    }
    const texts = (c: ChallengeDefinition) => [
      c.title,
      c.task,
      c.task_description,
      c.dataset_description,
      c.files,
      c.sample_data,
      c.test_file,
    ];
    if (!isDeepStrictEqual(texts(old), texts(next))) {
      change(`challenges.${key}.texts`, `Challenge ${key}: texts or files changed.`);
    }
  }
  for (const key of afterChallenges.keys()) {
    if (!beforeChallenges.has(key)) {
      change(
        `challenges.${key}`,
        `Challenge ${key} added.`,
        "It scores once its answers are imported.",
      );
    }
  }
  if (inUse.length > 0) {
    refuse(
      "competition.challenge_in_use",
      "domains",
      `These challenges have submissions and cannot be removed: ${inUse.join(", ")}.`,
    );
  }
  const domainTexts = (def: CompetitionDefinition) =>
    def.domains.map(({ challenges: _, ...rest }) => rest);
  if (!isDeepStrictEqual(domainTexts(before), domainTexts(after))) {
    change("domains", "Domain names, texts, files or order changed.");
  }
  for (const limit of ["daily_submissions", "final_picks", "public_fraction"] as const) {
    if (before.limits[limit] !== after.limits[limit]) {
      change(
        `limits.${limit}`,
        `Default ${limit} ${after.limits[limit]} (was ${before.limits[limit]}).`,
        "Challenges without their own value follow it.",
      );
    }
  }
  if (!isDeepStrictEqual(before.limits.feedback, after.limits.feedback)) {
    change(
      "limits.feedback",
      `Default feedback: ${feedbackLabel(after.limits.feedback)}.`,
      "Challenges without their own policy follow it.",
    );
  }
  if (before.leaderboard_visibility !== after.leaderboard_visibility) {
    change(
      "leaderboard_visibility",
      `Leaderboards visible to ${VISIBILITY_WORDS[after.leaderboard_visibility]} (was ${VISIBILITY_WORDS[before.leaderboard_visibility]}).`,
      "The leaderboard pages and the rank in submit answers follow it at once.",
    );
  }
  for (const section of TEXT_SECTIONS) {
    if (!isDeepStrictEqual(before[section], after[section])) change(section, `${section} changed.`);
  }
  if (!isDeepStrictEqual(before.site, after.site)) change("site", "Page texts changed.");

  // After the reveal the standings are final: nothing that decided them may move.
  if (ctx.revealed) {
    const decisive = changes.filter((c) => DECISIVE.test(c.path));
    for (const c of decisive) {
      refuse(
        "competition.frozen_after_reveal",
        c.path,
        `The final standings are revealed: ${c.summary.replace(/\.$/, "")} would change what decided them.`,
      );
    }
  }
  // The reveal's refusal first: no rescore or other fix makes such an edit possible.
  const frozen = refusals.filter((r) => r.code === "competition.frozen_after_reveal");
  const others = refusals.filter((r) => r.code !== "competition.frozen_after_reveal");
  return { changes, refusals: [...frozen, ...others], rescore: [...rescore] };
}
