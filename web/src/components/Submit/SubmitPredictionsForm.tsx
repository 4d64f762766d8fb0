import { Button, Code, Group, Loader, Progress, Stack, Text, Textarea } from "@mantine/core";
import type { Challenge } from "@tandem/competition";
import { SUBMISSION_NOTE_MAX_LENGTH } from "@tandem/contracts";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { hasErrorCode } from "../../api/client";
import { participantTimeZone } from "../../competition/participantClock";
import { useMinuteClock } from "../../competition/useMinuteClock";
import { DeadlineClock } from "../Clock/DeadlineClock";
import { FileDropArea } from "./FileDropArea";
import { newIdempotencyKey } from "./idempotencyKey";
import { LocalChecklist } from "./LocalChecklist";
import { checksPass, type FileFacts, formatBytes, localChecks, readFileFacts } from "./localChecks";
import classes from "./Submit.module.css";
import { gateOf, SubmitGate } from "./SubmitGate";
import { RefusedOutcome, StoredOutcome } from "./SubmitOutcome";
import { useChallengeQuota } from "./useChallengeQuota";
import { useSubmissionsPause } from "./useSubmissionsPause";
import { useSubmitPredictions } from "./useSubmitPredictions";

interface ChosenFile {
  file: File;
  /** Made once per chosen file: uploading it again is a retry of the same submission. */
  idempotencyKey: string;
  /** Null while the file is being read. */
  facts: FileFacts | null;
  readFailed: boolean;
}

interface SubmitPredictionsFormProps {
  challenge: Challenge;
  domainName: string;
  expectedRows: number | null;
}

/** Choose a file, see the local checks, add a note, upload, and see what the server made of it. */
export function SubmitPredictionsForm({
  challenge,
  domainName,
  expectedRows,
}: SubmitPredictionsFormProps) {
  const { state, submit, reset } = useSubmitPredictions();
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [note, setNote] = useState("");
  const reading = useRef<File | null>(null);
  const expectedHeader = challenge.header.join(",");
  const uploading = state.kind === "uploading";
  // Known before any upload (issue 33): the pause and today's quota, read again as the dialog
  // opens (SWR revalidates on mount) and after a refusal that says either changed.
  const now = useMinuteClock();
  const zone = useMemo(participantTimeZone, []);
  const pause = useSubmissionsPause();
  const { quota, recheck: recheckQuota } = useChallengeQuota(challenge.key, now);
  const closed = gateOf(pause, quota);
  const reasonId = useId();
  const refusedError = state.kind === "refused" ? state.error : null;
  const { recheck: recheckPause } = pause;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal, not per render
  useEffect(() => {
    if (hasErrorCode(refusedError, "submission.paused")) recheckPause();
    if (hasErrorCode(refusedError, "submission.daily_limit")) recheckQuota();
  }, [refusedError]);

  const choose = async (file: File) => {
    reading.current = file;
    if (state.kind === "refused") reset();
    setChosen({ file, idempotencyKey: newIdempotencyKey(), facts: null, readFailed: false });
    let facts: FileFacts | null = null;
    try {
      facts = await readFileFacts(file);
    } catch {
      // Unreadable (moved, permissions): said below; the upload stays off.
    }
    // A file chosen meanwhile replaces this one.
    if (reading.current !== file) return;
    setChosen((current) =>
      current?.file === file ? { ...current, facts, readFailed: facts === null } : current,
    );
  };

  const startOver = () => {
    reset();
    reading.current = null;
    setChosen(null);
    setNote("");
  };

  if (state.kind === "stored") {
    return (
      <Stack gap="md">
        <StoredOutcome
          submission={state.submission}
          followFailed={state.followFailed}
          standing={state.standing}
          followed={state.followed}
        />
        <Group>
          <Button variant="default" onClick={startOver}>
            Submit another file
          </Button>
        </Group>
      </Stack>
    );
  }

  const checks = chosen?.facts ? localChecks(chosen.facts, expectedHeader, expectedRows) : null;
  const ready =
    closed === null && chosen?.facts?.text != null && checks !== null && checksPass(checks);
  // The refusal says what the gate now says too: said once, by the gate.
  const refusalShown =
    state.kind === "refused" &&
    !(closed?.reason === "paused" && hasErrorCode(state.error, "submission.paused")) &&
    !(closed?.reason === "limit" && hasErrorCode(state.error, "submission.daily_limit"));
  const upload = () => {
    const csv = chosen?.facts?.text;
    if (!chosen || csv == null || !ready) return;
    void submit({
      domainName,
      taskNumber: challenge.number,
      csv,
      note,
      idempotencyKey: chosen.idempotencyKey,
    });
  };

  return (
    <Stack gap="md">
      <DeadlineClock variant="inline" />
      <SubmitGate quota={quota} closed={closed} now={now} zone={zone} reasonId={reasonId} />
      <Text size="sm" className={classes.wrap}>
        Upload a CSV whose header is exactly <Code>{expectedHeader}</Code>, with one row per test
        row ({expectedRows === null ? "row count not known yet" : `${expectedRows} rows`}).
      </Text>

      <FileDropArea
        onFile={(file) => void choose(file)}
        disabled={uploading || closed !== null}
        describedBy={closed ? reasonId : undefined}
      />

      {chosen && (
        <Stack gap="xs">
          <Text size="sm" className={classes.wrap}>
            Chosen: <strong>{chosen.file.name}</strong> ({formatBytes(chosen.file.size)})
          </Text>
          {chosen.readFailed ? (
            <Text size="sm" c="red">
              The file could not be read. Choose it again.
            </Text>
          ) : checks ? (
            <LocalChecklist checks={checks} />
          ) : (
            <Group gap="xs">
              <Loader size="xs" aria-hidden />
              <Text size="sm">Checking the file…</Text>
            </Group>
          )}
        </Stack>
      )}

      <Textarea
        label="Note (optional)"
        description={`${note.length} / ${SUBMISSION_NOTE_MAX_LENGTH} characters; shown in your history`}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={SUBMISSION_NOTE_MAX_LENGTH}
        autosize
        minRows={2}
        maxRows={5}
        disabled={uploading}
      />

      {state.kind === "uploading" && (
        <Stack gap={4}>
          <Progress value={Math.round(state.progress * 100)} aria-label="Upload progress" />
          <Text size="xs" c="dimmed">
            {state.progress < 1
              ? `Uploading… ${Math.round(state.progress * 100)}%`
              : "Uploaded; waiting for the server…"}
          </Text>
        </Stack>
      )}

      {refusalShown && <RefusedOutcome error={refusedError} />}

      <Group>
        <Button
          onClick={upload}
          disabled={!ready}
          loading={uploading}
          aria-describedby={closed ? reasonId : undefined}
        >
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
