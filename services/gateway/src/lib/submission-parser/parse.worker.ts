import type { MessagePort } from "node:worker_threads";
import { challengeByKey } from "@tandem/competition";
import { move, transferableSymbol, valueSymbol } from "piscina";
import { checkSubmission, type ExpectedRows } from "./check-submission";

export interface ParseTask {
  csv: string;
  challengeKey: string;
  /** Names one loaded version of the challenge's answers (see submission-parser.ts). */
  answersId: number;
  /** Answers an "answers" message with the ExpectedRows, when this thread lacks them. */
  port: MessagePort;
}

/**
 * This thread's copy of each challenge's expected rows. A test set has up to hundreds of
 * thousands of ids: copying them to a thread once per answers version, not once per file,
 * keeps that cost off the request thread.
 */
const cache = new Map<string, { answersId: number; rows: ExpectedRows }>();

function askForAnswers(port: MessagePort): Promise<ExpectedRows> {
  return new Promise((resolve, reject) => {
    port.once("message", resolve);
    port.once("close", () => reject(new Error("The gateway stopped waiting for this check")));
    port.postMessage("answers");
  });
}

export default async function parseTask(task: ParseTask) {
  try {
    const challenge = challengeByKey(task.challengeKey);
    if (!challenge) throw new Error(`Unknown challenge ${task.challengeKey}`);
    let entry = cache.get(task.challengeKey);
    if (entry?.answersId !== task.answersId) {
      entry = { answersId: task.answersId, rows: await askForAnswers(task.port) };
      cache.set(task.challengeKey, entry);
    }
    const result = checkSubmission(task.csv, challenge, entry.rows);
    if (!result.ok) return result;
    // Hand the gzipped file over rather than copy it; a view into a shared pool is copied first.
    const bytes = result.predictions;
    const own =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? bytes
        : new Uint8Array(bytes);
    return move({
      get [transferableSymbol]() {
        return [own.buffer];
      },
      get [valueSymbol]() {
        return { ...result, predictions: own };
      },
    });
  } finally {
    task.port.close();
  }
}
