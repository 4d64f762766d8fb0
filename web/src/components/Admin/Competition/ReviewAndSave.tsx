import { Alert, Button, Checkbox, Code, Group, List, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { CompetitionChange, DefinitionIssue } from "@tandem/competition";
import { useState } from "react";
import {
  type EditRefusal,
  editRefusalOf,
  invalidIssuesOf,
  staleVersionOf,
} from "../../../api/admin/competition/errors";
import { useReviewCompetition, useSaveCompetition } from "../../../api/admin/competition/hooks";
import { formatInZone } from "../../../competition/timeZones";
import { SectionCard } from "../../SectionCard";
import { adminFailure } from "../adminErrors";
import { ChangeList } from "./ChangeList";
import { type Draft, draftKey } from "./draft";
import { ValidationIssues } from "./ValidationIssues";

/** What the server said of the draft it was sent (`key`), with or without `rescore`. */
type Outcome =
  | { kind: "changes"; key: string; rescore: boolean; changes: CompetitionChange[] }
  | { kind: "refused"; key: string; rescore: boolean; refusal: EditRefusal }
  | { kind: "invalid"; key: string; issues: DefinitionIssue[] }
  | { kind: "stale"; version: number }
  | { kind: "failed"; message: string };

interface ReviewAndSaveProps {
  /** The version the draft started from. */
  baseVersion: number;
  /** The version in force as last read (another organizer may have saved since). */
  latestVersion: number;
  draft: Draft;
  /** The draft's problems by the same validation as the server's. */
  issues: readonly DefinitionIssue[];
  dirty: boolean;
  /** After a save: the editor starts again from the version saved. */
  onSaved: (version: number) => void;
  /** Drops the draft for the version in force. */
  onReload: () => Promise<unknown>;
}

const RESCORE_REQUIRED = "competition.rescore_required";
const PHASE_DATE = /^phases\.([^.]+)\.(starts_at|ends_at)$/;

/** A phase date's new value in the competition's zone, for a change at `path`. */
const localDate = (draft: Draft) => (path: string) => {
  const [, id, edge] = PHASE_DATE.exec(path) ?? [];
  const phase = draft.phases.find((p) => p.id === id);
  if (!phase || (edge !== "starts_at" && edge !== "ends_at")) return null;
  return `In ${draft.time_zone.name} time: ${formatInZone(phase[edge], draft.time_zone.id)}.`;
};

function Refusal({ refusal }: { refusal: EditRefusal }) {
  const [only] = refusal.refusals;
  return (
    <Alert color="red" variant="light" role="alert" title="The server refuses this change">
      <Stack gap="xs">
        <Text size="sm">{refusal.message}</Text>
        {refusal.refusals.length === 1 && only && (
          <Text size="sm">
            At <Code>{only.path}</Code>
          </Text>
        )}
        {refusal.refusals.length > 1 && (
          <List size="sm" spacing={4} aria-label="Refusals">
            {refusal.refusals.map((r) => (
              <List.Item key={`${r.code}:${r.path}:${r.message}`}>
                <Code>{r.path}</Code> {r.message}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * Review, then save: the draft goes to the server as a dry run first, which answers what it
 * changes and what follows (or which guard refuses it); Save sends the same edit once that
 * review is of the draft as it stands.
 */
export function ReviewAndSave({
  baseVersion,
  latestVersion,
  draft,
  issues,
  dirty,
  onSaved,
  onReload,
}: ReviewAndSaveProps) {
  const [rescore, setRescore] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { trigger: review, isMutating: reviewing } = useReviewCompetition();
  const { trigger: save, isMutating: saving } = useSaveCompetition();
  const [reloading, setReloading] = useState(false);
  const key = draftKey(draft);

  const failure = (caught: unknown, sentKey: string, sentRescore: boolean): Outcome => {
    const version = staleVersionOf(caught);
    if (version !== null) return { kind: "stale", version };
    const invalid = invalidIssuesOf(caught);
    if (invalid) return { kind: "invalid", key: sentKey, issues: invalid };
    const refusal = editRefusalOf(caught);
    if (refusal) return { kind: "refused", key: sentKey, rescore: sentRescore, refusal };
    return { kind: "failed", message: adminFailure(caught) };
  };

  const runReview = async (withRescore: boolean) => {
    const sentKey = key;
    try {
      const answer = await review({
        version: baseVersion,
        definition: draft,
        rescore: withRescore,
      });
      setOutcome({ kind: "changes", key: sentKey, rescore: withRescore, changes: answer.changes });
    } catch (caught) {
      setOutcome(failure(caught, sentKey, withRescore));
    }
  };

  const runSave = async () => {
    try {
      const answer = await save({ version: baseVersion, definition: draft, rescore });
      if (!answer.saved) {
        notifications.show({
          color: "blue",
          title: "Nothing to save",
          message: "Nothing changed.",
        });
        return;
      }
      const rescored =
        answer.rescored.length > 0 ? ` Sent to rescoring: ${answer.rescored.join(", ")}.` : "";
      notifications.show({
        color: "green",
        title: `Version ${answer.version} saved`,
        message: `It is in force on every page now.${rescored}`,
      });
      setOutcome(null);
      setRescore(false);
      onSaved(answer.version);
    } catch (caught) {
      setOutcome(failure(caught, key, rescore));
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
      setOutcome(null);
      setRescore(false);
    } finally {
      setReloading(false);
    }
  };

  const current =
    outcome !== null &&
    "key" in outcome &&
    outcome.key === key &&
    (!("rescore" in outcome) || outcome.rescore === rescore);
  const staleVersion =
    outcome?.kind === "stale"
      ? outcome.version
      : latestVersion !== baseVersion
        ? latestVersion
        : null;
  const needsRescore =
    outcome?.kind === "refused" &&
    (outcome.refusal.code === RESCORE_REQUIRED ||
      outcome.refusal.refusals.some((r) => r.code === RESCORE_REQUIRED));
  const canSave = issues.length === 0 && current && outcome?.kind === "changes";

  return (
    <SectionCard id="review-title" title="Review and save">
      <Text size="sm" c="dimmed">
        {dirty
          ? `Unsaved changes to version ${baseVersion}. Review them: the server lists what they change and what follows, without saving.`
          : `No changes to version ${baseVersion} yet.`}
      </Text>

      {staleVersion !== null && (
        <Alert color="orange" variant="light" role="alert" title="Someone else saved a new version">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Another organizer saved version {staleVersion} while you were editing version{" "}
              {baseVersion}. Reload version {staleVersion} to make your change on it; what you
              changed here is then discarded.
            </Text>
            <Button size="xs" variant="light" color="orange" loading={reloading} onClick={reload}>
              Reload version {staleVersion}
            </Button>
          </Stack>
        </Alert>
      )}

      <ValidationIssues issues={issues} />

      {outcome && !current && outcome.kind !== "stale" && outcome.kind !== "failed" && (
        <Text size="sm" c="dimmed">
          The definition changed since the last review: review it again.
        </Text>
      )}
      {outcome?.kind === "changes" && current && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            What this saves
          </Text>
          <ChangeList changes={outcome.changes} local={localDate(draft)} />
        </Stack>
      )}
      {outcome?.kind === "refused" && current && (
        <>
          <Refusal refusal={outcome.refusal} />
          {outcome.refusal.changes.length > 0 && (
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                What it would change
              </Text>
              <ChangeList changes={outcome.refusal.changes} local={localDate(draft)} />
            </Stack>
          )}
        </>
      )}
      {outcome?.kind === "invalid" && current && (
        <ValidationIssues issues={outcome.issues} title="The server found these problems" />
      )}
      {outcome?.kind === "failed" && (
        <Alert color="red" variant="light" role="alert" title="The change could not be checked">
          <Text size="sm">{outcome.message}</Text>
        </Alert>
      )}

      {(needsRescore || rescore) && (
        <Checkbox
          label="Rescore affected challenges"
          description="Their submissions are scored again with the new metric, in the same action."
          checked={rescore}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setRescore(next);
            void runReview(next);
          }}
        />
      )}

      <Group justify="flex-end" gap="sm">
        <Button
          variant="light"
          loading={reviewing}
          disabled={!dirty || issues.length > 0 || staleVersion !== null}
          onClick={() => void runReview(rescore)}
        >
          Review changes
        </Button>
        <Button loading={saving} disabled={!canSave || staleVersion !== null} onClick={runSave}>
          Save
        </Button>
      </Group>
    </SectionCard>
  );
}
