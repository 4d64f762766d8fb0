import { MessageChannel } from "node:worker_threads";
import type { Challenge } from "@tandem/competition";
import type { TestSet } from "@tandem/scoring";
import type { FastifyBaseLogger } from "fastify";
import { Piscina } from "piscina";
import type { SubmissionCheck } from "./check-submission";
import type { ParseTask, TestSetMessage } from "./parse.worker";
import type { ReadSubmitBody } from "./read-body";

/** A check's answer on the gateway's thread: the gzipped file as a Buffer, as it is stored. */
export type CheckedSubmission =
  | Extract<SubmissionCheck, { ok: false }>
  | (Extract<SubmissionCheck, { ok: true }> & { predictions: Buffer; aligned: Buffer });

export interface SubmissionParser {
  /**
   * Reads a /submit body (UTF-8 JSON) on a parser thread: see read-body.ts. The body's memory is
   * handed to the thread when it has its own, so `body` may be left empty (detached). Nothing of
   * it is parsed on the calling thread, however it is nested.
   */
  readBody(body: Buffer): Promise<ReadSubmitBody>;
  /**
   * Parses and validates a file on a parser thread against the challenge's public test set; a
   * valid one comes back hashed, gzipped and in its aligned form (ADR 0021). Bytes (UTF-8) with
   * memory of their own are handed to the thread, not copied: `csv` is then left empty (detached).
   */
  check(
    csv: string | Uint8Array,
    challenge: Challenge,
    testSet: TestSet,
  ): Promise<CheckedSubmission>;
  close(): Promise<void>;
}

// Each loaded test set gets a number; a thread keeps the test set it was sent under that
// number until the challenge's data is reloaded (the cache hands out a new object).
const testSetIds = new WeakMap<TestSet, number>();
let lastTestSetId = 0;
function testSetIdOf(testSet: TestSet): number {
  let id = testSetIds.get(testSet);
  if (id === undefined) {
    id = ++lastTestSetId;
    testSetIds.set(testSet, id);
  }
  return id;
}

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The memory to hand over with `bytes` rather than copy: none when it is shared with others. */
function transferable(bytes: Uint8Array | string): ArrayBuffer[] {
  return typeof bytes !== "string" &&
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength
    ? [bytes.buffer]
    : [];
}

/**
 * A pool of threads that read submitted bodies and parse the files in them, so a large file (a
 * quoted CSV of tens of MB takes a fraction of a second to read as JSON, and seconds to parse as
 * CSV) never holds up the requests of other teams on the gateway's thread.
 */
export function createSubmissionParser({
  threads,
  logger,
}: {
  threads: number;
  logger?: FastifyBaseLogger;
}): SubmissionParser {
  const pool = new Piscina<ParseTask | Uint8Array, SubmissionCheck | ReadSubmitBody>({
    filename: new URL("./parse-worker.cjs", import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    // Threads keep the test sets they were sent: never let them go idle and exit.
    idleTimeout: Number.POSITIVE_INFINITY,
    // Each thread holds its next task too, and starts it as soon as one ends: with one, a thread
    // idles until the request thread (busy in a rush) hands it the next.
    concurrentTasksPerWorker: 2,
  });
  // A thread that dies outside a task is replaced; unheard, the event would end the process.
  pool.on("error", (err: unknown) => logger?.error({ err }, "submission parser thread failed"));
  return {
    async readBody(body) {
      const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
      return (await pool.run(bytes, {
        name: "readBody",
        transferList: transferable(bytes),
      })) as ReadSubmitBody;
    },
    async check(csv, challenge, testSet) {
      const { port1, port2 } = new MessageChannel();
      // The thread asks once per test set version, and builds its positions map itself.
      port1.on("message", () => {
        const message: TestSetMessage = {
          ids: testSet.ids,
          ...(testSet.items ? { items: testSet.items } : {}),
          digest: testSet.digest,
        };
        port1.postMessage(message);
      });
      try {
        const result = (await pool.run(
          { csv, challenge, testSetId: testSetIdOf(testSet), port: port2 },
          { transferList: [port2, ...transferable(csv)] },
        )) as SubmissionCheck;
        return result.ok
          ? {
              ...result,
              predictions: asBuffer(result.predictions),
              aligned: asBuffer(result.aligned),
            }
          : result;
      } finally {
        port1.close();
      }
    },
    close: () => pool.close(),
  };
}
