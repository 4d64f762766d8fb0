import type { MessagePort } from "node:worker_threads";
import type { Challenge } from "@tandem/competition";
import { createTestSet, type TestSet } from "@tandem/scoring";
import { move, transferableSymbol, valueSymbol } from "piscina";
import { checkSubmission } from "./check-submission";
import { type ReadSubmitBody, readSubmitBody } from "./read-body";

/** What a thread is sent of a test set: public facts only (ADR 0021); it builds the rest itself. */
export interface TestSetMessage {
  ids: readonly string[];
  items?: readonly string[];
  digest: string;
}

export interface ParseTask {
  /** The file's text, or its UTF-8 bytes (as a /submit body's reading gives them). */
  csv: string | Uint8Array;
  /** Sent with each task: this thread does not follow the active competition definition. */
  challenge: Challenge;
  /** Names one loaded version of the challenge's test set (see submission-parser.ts). */
  testSetId: number;
  /** Answers a "test set" message with the challenge's test set, when this thread lacks it. */
  port: MessagePort;
}

/**
 * This thread's copy of each challenge's test set. A test set has up to hundreds of thousands of
 * ids: copying them to a thread once per version, not once per file, keeps that cost off the
 * request thread.
 */
const cache = new Map<string, { testSetId: number; testSet: TestSet }>();

function askForTestSet(port: MessagePort): Promise<TestSetMessage> {
  return new Promise((resolve, reject) => {
    port.once("message", resolve);
    port.once("close", () => reject(new Error("The gateway stopped waiting for this check")));
    port.postMessage("test set");
  });
}

export default async function parseTask(task: ParseTask) {
  try {
    const { challenge } = task;
    let entry = cache.get(challenge.key);
    if (entry?.testSetId !== task.testSetId) {
      const sent = await askForTestSet(task.port);
      const testSet = createTestSet({
        ids: sent.ids,
        ...(sent.items ? { items: sent.items } : {}),
      });
      if (testSet.digest !== sent.digest) {
        throw new Error(`The test set of ${challenge.key} arrived with another digest`);
      }
      entry = { testSetId: task.testSetId, testSet };
      cache.set(challenge.key, entry);
    }
    const result = checkSubmission(task.csv, challenge, entry.testSet);
    if (!result.ok) return result;
    // Hand the gzipped file and the aligned form over rather than copy them.
    const predictions = owned(result.predictions);
    const aligned = owned(result.aligned);
    return moved({ ...result, predictions, aligned }, predictions, aligned);
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

/** `value` for piscina to send with the memory of `bytes` moved to the receiving thread. */
function moved<T extends object>(value: T, ...bytes: Uint8Array[]) {
  return move({
    get [transferableSymbol]() {
      return bytes.map((b) => b.buffer);
    },
    get [valueSymbol]() {
      return value;
    },
  });
}
