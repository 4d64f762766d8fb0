import { Button, Code, Group, Loader, Progress, Stack, Text, Textarea } from "@mantine/core";
import type { Challenge } from "@tandem/competition";
import { SUBMISSION_NOTE_MAX_LENGTH } from "@tandem/contracts";
import { useRef, useState } from "react";
import { FileDropArea } from "./FileDropArea";
import { newIdempotencyKey } from "./idempotencyKey";
import { LocalChecklist } from "./LocalChecklist";
import { checksPass, type FileFacts, formatBytes, localChecks, readFileFacts } from "./localChecks";
import classes from "./Submit.module.css";
import { RefusedOutcome, StoredOutcome } from "./SubmitOutcome";
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
  const ready = chosen?.facts?.text != null && checks !== null && checksPass(checks);
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
      <Text size="sm" className={classes.wrap}>
        Upload a CSV whose header is exactly <Code>{expectedHeader}</Code>, with one row per test
        row ({expectedRows === null ? "row count not known yet" : `${expectedRows} rows`}).
      </Text>

      <FileDropArea onFile={(file) => void choose(file)} disabled={uploading} />

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

      {state.kind === "refused" && <RefusedOutcome error={state.error} />}

      <Group>
        <Button onClick={upload} disabled={!ready} loading={uploading}>
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
