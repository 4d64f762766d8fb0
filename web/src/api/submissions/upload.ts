import {
  type SubmitAnswer,
  type SubmitResponse,
  submitAnswerSchema,
  submitResponseSchema,
} from "@tandem/contracts";
import { getToken } from "../../auth/storage";
import { ApiError, handleUnauthorized, NetworkError, parseResponse } from "../client";
import { isSubmissionHistoryKey } from "./requests";

const SUBMIT_PATH = "/submit";

export interface UploadRequest {
  /** The domain's name or slug. */
  domainName: string;
  taskNumber: number;
  csv: string;
  /** Left out of the body when blank. */
  note?: string;
  /** One per chosen file: a retry of the same file sends the same key and is the same submission. */
  idempotencyKey: string;
  /** The share of the body sent so far, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A stored submission's answer: 200 scored within the wait, 202 queued, 503 validated but
 * failed to score (the submit shape with status "failed").
 */
export interface UploadResult {
  httpStatus: 200 | 202 | 503;
  submission: SubmitResponse;
  /** The day's quota left and the team's rank, as the answer gave them (issue 33). */
  standing: SubmitStanding | null;
}

/** What a submit answer says beyond the submission itself. */
export type SubmitStanding = Pick<SubmitAnswer, "remaining_today" | "public_rank" | "rank_change">;

const standingOf = ({
  remaining_today,
  public_rank,
  rank_change,
}: SubmitAnswer): SubmitStanding => ({
  remaining_today,
  public_rank,
  rank_change,
});

/** An error answer to the upload, with the server's `Retry-After` (429) in seconds. */
export class SubmitRefusedError extends ApiError {
  override name = "SubmitRefusedError";

  constructor(
    status: number,
    serverError: string | null,
    body: unknown,
    readonly retryAfterSeconds: number | null,
  ) {
    super(status, serverError, body);
  }
}

function serverErrorOf(body: unknown): string | null {
  if (typeof body === "object" && body !== null && "error" in body) {
    const { error } = body;
    if (typeof error === "string" && error.length > 0) return error;
  }
  return null;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function retryAfterOf(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * `POST /api/submit` as the signed-in member (recorded as theirs). XMLHttpRequest rather than
 * fetch: only it reports upload progress. The team API key is deliberately not sent: with it the
 * submission would be the key's, not the member's.
 */
export function uploadPredictions(request: UploadRequest): Promise<UploadResult> {
  const path = SUBMIT_PATH;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Content-Type", "application/json");
    xhr.setRequestHeader("Idempotency-Key", request.idempotencyKey);
    const token = getToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);

    const abort = () => xhr.abort();
    const done = () => request.signal?.removeEventListener("abort", abort);
    request.signal?.addEventListener("abort", abort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        request.onProgress?.(Math.min(1, event.loaded / event.total));
      }
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException("The upload was cancelled", "AbortError"));
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError("Unable to reach the server"));
    };
    xhr.onload = () => {
      done();
      request.onProgress?.(1);
      const body = parseBody(xhr.responseText);
      const status = xhr.status;
      try {
        if (status === 200 || status === 202) {
          const answer = parseResponse(submitAnswerSchema, body, path);
          resolve({ httpStatus: status, submission: answer, standing: standingOf(answer) });
          return;
        }
        // A validated file that failed to score is stored, and answered in the submit shape.
        if (status === 503) {
          const stored = submitResponseSchema.safeParse(body);
          if (stored.success) {
            const answer = submitAnswerSchema.safeParse(body);
            resolve({
              httpStatus: 503,
              submission: stored.data,
              standing: answer.success ? standingOf(answer.data) : null,
            });
            return;
          }
        }
        const error = new SubmitRefusedError(
          status,
          serverErrorOf(body),
          body,
          retryAfterOf(xhr.getResponseHeader("Retry-After")),
        );
        // As apiRequest: a refused team key says nothing about the session (not sent here anyway).
        if (status === 401 && error.code !== "auth.api_key_invalid") handleUnauthorized();
        reject(error);
      } catch (error) {
        reject(error);
      }
    };

    const note = request.note?.trim();
    xhr.send(
      JSON.stringify({
        domain_name: request.domainName,
        task_number: request.taskNumber,
        predictions_csv: request.csv,
        ...(note ? { note } : {}),
      }),
    );
  });
}

/**
 * Every key a new submission changes: the summary, each history (one page or all) and the
 * submission pages, all under "/submissions/".
 */
export function isSubmissionsKey(key: unknown): boolean {
  return (
    (typeof key === "string" && key.startsWith("/submissions/")) || isSubmissionHistoryKey(key)
  );
}
