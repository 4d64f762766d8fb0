import { MessageChannel } from "node:worker_threads";
import type { Challenge } from "@tandem/competition";
import type { Answers } from "@tandem/scoring";
import type { FastifyBaseLogger } from "fastify";
import { Piscina } from "piscina";
import type { SubmissionCheck } from "./check-submission";
import type { ParseTask } from "./parse.worker";
import type { ReadSubmitBody } from "./read-body";

/** A check's answer on the gateway's thread: the gzipped file as a Buffer, as it is stored. */
export type CheckedSubmission =
  | Extract<SubmissionCheck, { ok: false }>
  | (Extract<SubmissionCheck, { ok: true }> & { predictions: Buffer });

export interface SubmissionParser {
  /**
   * Reads a /submit body (UTF-8 JSON) on a parser thread: see read-body.ts. The body's memory is
   * handed to the thread when it has its own, so `body` may be left empty (detached). Nothing of
   * it is parsed on the calling thread, however it is nested.
   */
  readBody(body: Buffer): Promise<ReadSubmitBody>;
  /**
   * Parses and validates a file on a parser thread; a valid one comes back hashed and gzipped,
   * and with `score` scored against the answers as well (ADR 0013). Bytes (UTF-8) with memory
   * of their own are handed to the thread, not copied: `csv` is then left empty (detached).
   */
  check(
    csv: string | Uint8Array,
    challenge: Challenge,
    answers: Answers,
    options?: { score?: boolean },
  ): Promise<CheckedSubmission>;
  close(): Promise<void>;
}

// Each loaded answers object gets a number; a thread keeps the answers it was sent under
// that number until the challenge's answers are reloaded (the cache hands out a new object).
const answersIds = new WeakMap<Answers, number>();
let lastAnswersId = 0;
function answersIdOf(answers: Answers): number {
  let id = answersIds.get(answers);
  if (id === undefined) {
    id = ++lastAnswersId;
    answersIds.set(answers, id);
  }
  return id;
}

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
    // Threads keep the answers they were sent: never let them go idle and exit.
    idleTimeout: Number.POSITIVE_INFINITY,
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
    async check(csv, challenge, answers, options = {}) {
      const { port1, port2 } = new MessageChannel();
      // The thread asks once per answers version. Its copy goes without the ids in file order,
      // which neither checking nor scoring reads: each thread's copy costs the gateway memory.
      port1.on("message", () =>
        port1.postMessage({ ...answers, table: { ...answers.table, ids: [] } }),
      );
      try {
        const result = (await pool.run(
          {
            csv,
            challenge,
            answersId: answersIdOf(answers),
            port: port2,
            score: options.score ?? false,
          },
          { transferList: [port2, ...transferable(csv)] },
        )) as SubmissionCheck;
        return result.ok
          ? {
              ...result,
              predictions: Buffer.from(
                result.predictions.buffer,
                result.predictions.byteOffset,
                result.predictions.byteLength,
              ),
            }
          : result;
      } finally {
        port1.close();
      }
    },
    close: () => pool.close(),
  };
}
