import type { MessagePort } from "node:worker_threads";
import type { Challenge } from "@tandem/competition";
import type { Answers } from "@tandem/scoring";
import { move, transferableSymbol, valueSymbol } from "piscina";
import { checkSubmission, expectedRowsOf } from "./check-submission";
import { type ReadSubmitBody, readSubmitBody } from "./read-body";

export interface ParseTask {
  /** The file's text, or its UTF-8 bytes (as a /submit body's reading gives them). */
  csv: string | Uint8Array;
  /** Sent with each task: this thread does not follow the active competition definition. */
  challenge: Challenge;
  /** Names one loaded version of the challenge's answers (see submission-parser.ts). */
  answersId: number;
  /** Answers an "answers" message with the challenge's answers, when this thread lacks them. */
  port: MessagePort;
  /** Score a valid file too (ADR 0013), not only validate it. */
  score: boolean;
}

/**
 * This thread's copy of each challenge's answers. A test set has up to hundreds of thousands of
 * ids: copying them to a thread once per answers version, not once per file, keeps that cost
 * off the request thread.
 */
const cache = new Map<string, { answersId: number; answers: Answers }>();

function askForAnswers(port: MessagePort): Promise<Answers> {
  return new Promise((resolve, reject) => {
    port.once("message", resolve);
    port.once("close", () => reject(new Error("The gateway stopped waiting for this check")));
    port.postMessage("answers");
  });
}

export default async function parseTask(task: ParseTask) {
  try {
    const { challenge } = task;
    let entry = cache.get(challenge.key);
    if (entry?.answersId !== task.answersId) {
      entry = { answersId: task.answersId, answers: await askForAnswers(task.port) };
      cache.set(challenge.key, entry);
    }
    const result = checkSubmission(
      task.csv,
      challenge,
      task.score ? { answers: entry.answers } : { rows: expectedRowsOf(entry.answers) },
    );
    if (!result.ok) return result;
    // Hand the gzipped file over rather than copy it.
    const own = owned(result.predictions);
    return moved({ ...result, predictions: own }, own);
  } finally {
    task.port.close();
  }
}

/**
 * Reads a /submit body (see read-body.ts) wholly on this thread, a body nested too deeply
 * included: nothing of it is read again on the request thread. The file in it comes back handed
 * over, not copied.
 */
export function readBodyTask(body: Uint8Array) {
  const result = readSubmitBody(body);
  if (result.kind !== "read" || !result.csv) return result;
  const own = owned(result.csv);
  return moved<ReadSubmitBody>({ ...result, csv: own }, own);
}

/** The bytes in an ArrayBuffer of their own: a view into a shared pool is copied first. */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);
}

/** `value` for piscina to send with `bytes`' memory moved to the receiving thread. */
function moved<T extends object>(value: T, bytes: Uint8Array) {
  return move({
    get [transferableSymbol]() {
      return [bytes.buffer];
    },
    get [valueSymbol]() {
      return value;
    },
  });
}
