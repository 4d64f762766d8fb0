import { Alert, Button, Group, List, NativeSelect, Progress, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { ChallengeRescoreProgress } from "@tandem/contracts";
import { useState } from "react";
import {
  useRescoreChallenge,
  useRescoreProgress,
  useRetryFailed,
} from "../../../api/admin/submissions/hooks";
import { hasErrorCode } from "../../../api/client";
import { useCompetition } from "../../../competition/CompetitionContext";
import { formatScore } from "../../Dashboard/format";
import { LoadError } from "../../LoadError";
import { SectionCard } from "../../SectionCard";
import { adminFailure } from "../adminErrors";
import { ConfirmButton } from "../ConfirmButton";
import { formatDateTime } from "../time";
import { challengeOptions } from "./SubmissionsFilters";

const score = (value: number | null) => (value === null ? "none" : formatScore(value));
const rank = (value: number | null) => (value === null ? "unranked" : `#${value}`);

function ProgressReport({ progress }: { progress: ChallengeRescoreProgress }) {
  const running = progress.remaining > 0;
  return (
    <Stack gap="sm" aria-live="polite">
      <Text size="sm">
        Started {formatDateTime(progress.started_at)} by {progress.started_by}:{" "}
        {running
          ? `${progress.done} of ${progress.total} rescored, ${progress.remaining} remaining.`
          : `all ${progress.total} rescored.`}
      </Text>
      <Progress
        value={progress.total === 0 ? 100 : (progress.done / progress.total) * 100}
        aria-label="Rescore progress"
        animated={running}
      />
      <Text size="sm" fw={600}>
        {progress.scores_changed.count} scores changed
      </Text>
      {progress.scores_changed.largest.length > 0 && (
        <List size="sm" spacing={2}>
          {progress.scores_changed.largest.map((move) => (
            <List.Item key={move.submission_id}>
              {move.team.name}: public {score(move.public_before)} → {score(move.public_after)},
              private {score(move.private_before)} → {score(move.private_after)}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm" fw={600}>
        {progress.ranks_changed.length === 0
          ? "No team's rank changed."
          : `${progress.ranks_changed.length} teams changed rank`}
      </Text>
      {progress.ranks_changed.length > 0 && (
        <List size="sm" spacing={2}>
          {progress.ranks_changed.map((move) => (
            <List.Item key={move.team.id}>
              {move.team.name}: {rank(move.rank_before)} → {rank(move.rank_after)}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** "Rescore a challenge" (after an answer fix) with its progress, and "Retry failed". */
export function RescoreTools() {
  const { competition } = useCompetition();
  const [challenge, setChallenge] = useState("");
  const [watched, setWatched] = useState<string | null>(null);
  const { trigger: rescore } = useRescoreChallenge();
  const { trigger: retry, isMutating: retrying } = useRetryFailed();
  const progress = useRescoreProgress(watched);
  const noRescoreYet = hasErrorCode(progress.error, "admin.rescore_not_found");

  const retryFailed = async () => {
    try {
      const answer = await retry(challenge || null);
      notifications.show({
        color: answer.queued > 0 ? "green" : "blue",
        title: "Failed submissions",
        message:
          answer.queued > 0
            ? `${answer.queued} went back into the scoring queue.`
            : "There were no failed submissions to retry.",
      });
    } catch (caught) {
      notifications.show({ color: "red", title: "Retry failed", message: adminFailure(caught) });
    }
  };

  return (
    <SectionCard id="rescore-heading" title="Rescoring">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Challenge to rescore"
          data={[
            { value: "", label: "Choose a challenge" },
            ...challengeOptions(competition).slice(1),
          ]}
          value={challenge}
          onChange={(event) => {
            setChallenge(event.currentTarget.value);
            setWatched(event.currentTarget.value || null);
          }}
        />
        <ConfirmButton
          label="Rescore challenge"
          disabled={!challenge}
          color="orange"
          title={`Rescore every submission of ${challenge}?`}
          confirmLabel="Rescore"
          failed="The rescore could not be started"
          run={async () => {
            const answer = await rescore(challenge);
            // The write reads the challenge's progress again; polling follows from there.
            setWatched(challenge);
            return {
              title: "Rescore started",
              message: `${answer.queued} submissions of ${challenge} went back into the queue.`,
            };
          }}
        >
          Every scored submission of the challenge is scored again against the current answers.
          Scores and ranks may move.
        </ConfirmButton>
        <Button variant="light" loading={retrying} onClick={() => void retryFailed()}>
          {challenge ? `Retry failed of ${challenge}` : "Retry failed"}
        </Button>
      </Group>
      {watched && progress.data && <ProgressReport progress={progress.data} />}
      {watched && noRescoreYet && (
        <Text size="sm" c="dimmed">
          No rescore of {watched} has been started.
        </Text>
      )}
      {watched && progress.error && !noRescoreYet && !progress.data && (
        <LoadError
          title="The rescore's progress could not be loaded"
          error={progress.error}
          onRetry={() => progress.mutate()}
        />
      )}
      {!watched && (
        <Alert variant="light" color="gray">
          <Text size="sm">Choose a challenge to see its latest rescore or start one.</Text>
        </Alert>
      )}
    </SectionCard>
  );
}
