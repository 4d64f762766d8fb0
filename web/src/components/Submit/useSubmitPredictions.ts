import type { SubmitResponse } from "@tandem/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { useSubmission } from "../../api/submissions/hooks";
import { isUnfinished, submissionKey } from "../../api/submissions/requests";
import {
  isSubmissionsKey,
  type SubmitStanding,
  type UploadRequest,
  uploadPredictions,
} from "../../api/submissions/upload";

export type SubmitState =
  | { kind: "idle" }
  | { kind: "uploading"; progress: number }
  /**
   * Stored by the server; `followFailed`: its status could not be read again just now;
   * `standing`: the quota and rank the answer gave; `followed`: the answer came before the score.
   */
  | {
      kind: "stored";
      submission: SubmitResponse;
      followFailed: boolean;
      standing: SubmitStanding | null;
      followed: boolean;
    }
  | { kind: "refused"; error: unknown };

type UploadState =
  | Exclude<SubmitState, { kind: "stored" }>
  | { kind: "stored"; answer: SubmitResponse; standing: SubmitStanding | null };

/**
 * Uploads a file, then follows a queued submission until it is scored, invalid or failed
 * (`useSubmission` polls with backoff). Unmounting (the dialog closed) cancels the upload.
 */
export function useSubmitPredictions() {
  const { mutate } = useSWRConfig();
  const [upload, setUpload] = useState<UploadState>({ kind: "idle" });
  const running = useRef<AbortController | null>(null);

  const answer = upload.kind === "stored" ? upload.answer : null;
  const followId = answer && isUnfinished(answer.status) ? answer.submission_id : null;
  const live = useSubmission(followId);
  const liveStatus = live.data?.status;

  useEffect(
    () => () => {
      // An upload cut short may still have been stored: the lists are read again. When the
      // whole app is going away, so is SWR's cache, and there is nothing left to refresh.
      if (running.current) mutate(isSubmissionsKey).catch(() => {});
      running.current?.abort();
    },
    [mutate],
  );

  // A followed submission has finished: its score and the day's count have changed (its own
  // page's key was just read and is left alone).
  useEffect(() => {
    if (!followId || !liveStatus || isUnfinished(liveStatus)) return;
    const followed = submissionKey(followId);
    void mutate((key) => key !== followed && isSubmissionsKey(key));
  }, [followId, liveStatus, mutate]);

  const submit = useCallback(
    async (request: Omit<UploadRequest, "onProgress" | "signal">) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const { signal } = controller;
      setUpload({ kind: "uploading", progress: 0 });
      try {
        const { submission, standing } = await uploadPredictions({
          ...request,
          signal,
          onProgress: (progress) =>
            setUpload((current) =>
              current.kind === "uploading" ? { kind: "uploading", progress } : current,
            ),
        });
        setUpload({ kind: "stored", answer: submission, standing });
        void mutate(isSubmissionsKey);
      } catch (error) {
        if (!signal.aborted) setUpload({ kind: "refused", error });
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [mutate],
  );

  const reset = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setUpload({ kind: "idle" });
  }, []);

  const state: SubmitState =
    upload.kind === "stored"
      ? {
          kind: "stored",
          // The detail answer carries every field of the submit answer.
          submission: (followId ? live.data : undefined) ?? upload.answer,
          followFailed: followId !== null && live.error !== undefined,
          standing: upload.standing,
          followed: followId !== null,
        }
      : upload;
  return { state, submit, reset };
}
