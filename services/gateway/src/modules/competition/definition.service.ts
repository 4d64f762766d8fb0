import {
  type Change,
  type CompetitionDefinition,
  type CompetitionStatusView,
  METRICS,
  reviewChange,
  validateDefinition,
} from "@tandem/competition";
import {
  challengesWithAnswers,
  challengesWithSubmissions,
  createCompetitionVersions,
  type Database,
  submissions,
  type User,
} from "@tandem/db";
import {
  type CompetitionSnapshot,
  type CompetitionSource,
  replayFeedback,
  sameFeedback,
  withSnapshotOverrides,
} from "@tandem/jobs";
import { eq } from "drizzle-orm";
import { recordAudit } from "../../lib/audit";
import { badRequest, HttpError } from "../../lib/http-error";

type Actor = Pick<User, "id" | "email">;

export interface DefinitionServiceDeps {
  db: Database;
  competition: CompetitionSource;
  isRevealed: () => Promise<boolean>;
  /** Sends a challenge's submissions back to scoring (the organizers' rescore). */
  rescoreChallenge: (actor: Actor, challengeKey: string) => Promise<unknown>;
  /** After a saved change: the standings follow the new definition. */
  onChanged: () => Promise<unknown>;
  now?: () => Date;
}

export interface EditRequest {
  version: number;
  definition: unknown;
  rescore: boolean;
  dry_run: boolean;
}

/**
 * Edits of the competition definition (docs/adr/0014-competition-definition.md): a new version
 * is saved only when the whole document is valid, it starts from the version in force, and no
 * guard refuses a change; the version and its audit entry commit together.
 */
export function createDefinitionService(deps: DefinitionServiceDeps) {
  const { db, competition } = deps;
  const versions = createCompetitionVersions({ db });
  const now = deps.now ?? (() => new Date());

  const statusOf = (snapshot: CompetitionSnapshot, revealed: boolean): CompetitionStatusView => {
    const status = snapshot.competition.status(now(), revealed);
    return {
      state: status.state,
      phase: status.phase,
      ends_at: status.endsAt?.toISOString() ?? null,
      revealed,
    };
  };

  return {
    async publicView() {
      const [snapshot, revealed] = await Promise.all([competition.current(), deps.isRevealed()]);
      return {
        version: snapshot.version,
        definition: snapshot.competition.definition,
        leaderboard_visibility: snapshot.competition.definition.leaderboard_visibility,
        status: statusOf(snapshot, revealed),
      };
    },

    async adminView() {
      const [snapshot, revealed, used, latest] = await Promise.all([
        competition.current(),
        deps.isRevealed(),
        challengesWithSubmissions(db),
        versions.latest(),
      ]);
      return {
        version: snapshot.version,
        definition: snapshot.stored,
        overrides: snapshot.overrides,
        status: statusOf(snapshot, revealed),
        challenges_with_submissions: [...used].sort(),
        updated_at: latest?.createdAt.toISOString() ?? null,
        updated_by: latest?.createdByEmail ?? null,
      };
    },

    async versionList() {
      const rows = await versions.list();
      return {
        versions: [
          ...rows.map((row) => ({
            version: row.version,
            source: row.source,
            changes: row.changes,
            created_at: row.createdAt.toISOString(),
            created_by: row.createdByEmail,
          })),
          {
            version: 0,
            source: "default" as const,
            changes: ["The default edition."],
            created_at: null,
            created_by: null,
          },
        ],
      };
    },

    /**
     * Checks an edit whole and saves it as the next version, or refuses it: 400 for an invalid
     * document, 409 for a stale base version or a guard. A dry run answers the same changes
     * without saving.
     */
    async edit(actor: Actor, request: EditRequest, source: "console" | "import" = "console") {
      const check = validateDefinition(request.definition);
      if (!check.ok) {
        throw badRequest(
          "competition.definition_invalid",
          `The definition is not valid: ${check.issues
            .slice(0, 3)
            .map((i) => `${i.path || "(root)"}: ${i.message}`)
            .join("; ")}${check.issues.length > 3 ? ` (and ${check.issues.length - 3} more)` : ""}`,
          { issues: check.issues },
        );
      }
      competition.invalidate();
      const [snapshot, revealed, withSubmissions, withAnswers] = await Promise.all([
        competition.current(),
        deps.isRevealed(),
        challengesWithSubmissions(db),
        challengesWithAnswers(db),
      ]);
      const stale = () =>
        new HttpError(
          409,
          "competition.version_stale",
          `The definition changed since version ${request.version}: version ${snapshot.version} is in force. Reload it and make your change again.`,
          { version: snapshot.version },
        );
      if (request.version !== snapshot.version) throw stale();
      const review = reviewChange(
        snapshot.competition.definition,
        withSnapshotOverrides(snapshot, check.definition),
        { now: now(), revealed, withSubmissions, withAnswers, rescore: request.rescore },
      );
      const changes = review.changes.map(describe);
      const refusal = review.refusals[0];
      if (refusal) {
        throw new HttpError(409, refusal.code, refusal.message, {
          field: refusal.path,
          refusals: review.refusals,
          changes,
        });
      }
      // Changes of the stored text only (the effective one is the same under an override) count too.
      const storedSame = JSON.stringify(snapshot.stored) === JSON.stringify(check.definition);
      if (request.dry_run || (changes.length === 0 && storedSame)) {
        return { version: snapshot.version, saved: false, changes, rescored: [] as string[] };
      }
      const next = snapshot.version + 1;
      const summaries =
        changes.length > 0 ? changes.map((c) => c.summary) : ["Overridden dates changed."];
      const saved = await db.transaction(async (tx) => {
        const inserted = await versions.insert(tx, {
          version: next,
          definition: check.definition,
          changes: summaries,
          source,
          createdBy: actor.id,
          createdByEmail: actor.email,
        });
        if (!inserted) return false;
        // The new metric's name on the rows to rescore: what the worker scores them with.
        for (const key of review.rescore) {
          const challenge = findIn(check.definition, key);
          if (challenge) {
            await tx
              .update(submissions)
              .set({ metricName: METRICS[challenge.metric].name })
              .where(eq(submissions.challengeKey, key));
          }
        }
        await recordAudit(tx, actor, {
          action: "competition.update",
          targetType: "competition",
          targetId: String(next),
          before: { version: snapshot.version },
          after: { version: next, changes: summaries, rescore: review.rescore },
        });
        return true;
      });
      if (!saved) throw stale();
      competition.invalidate();
      const current = await competition.current();
      // A challenge whose policy changed shows its teams' scores again under the new one.
      const refeedback = current.competition.domains
        .flatMap((d) => d.challenges)
        .filter((c) => {
          const was = snapshot.competition.challengeByKey(c.key);
          return was !== undefined && !sameFeedback(was.feedback, c.feedback);
        });
      await replayFeedback(db, refeedback);
      for (const key of review.rescore) await deps.rescoreChallenge(actor, key);
      await deps.onChanged();
      return { version: next, saved: true, changes, rescored: review.rescore };
    },
  };
}
export type DefinitionService = ReturnType<typeof createDefinitionService>;

const describe = (change: Change) => ({
  path: change.path,
  summary: change.summary,
  consequence: change.consequence,
});

function findIn(definition: CompetitionDefinition, key: string) {
  const [slug, number] = key.split("/");
  return definition.domains
    .find((d) => d.slug === slug)
    ?.challenges.find((c) => c.number === Number(number));
}
