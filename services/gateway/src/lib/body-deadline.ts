import { PassThrough, type Readable } from "node:stream";
import { MESSAGES } from "@tandem/contracts";
import { HttpError } from "./http-error";

export interface BodyDeadlines {
  /** Longest wait for the next part of the body. */
  idleMs: number;
  /** Longest time for the whole body, from the moment it is read. */
  totalMs: number;
}

/**
 * `payload` as a stream that fails with a 408 `request.timeout` when nothing arrives for
 * `idleMs`, or the whole body takes longer than `totalMs`: a client sending a byte every few
 * seconds holds the gateway's memory and a reader's place for at most `totalMs` (issue 31,
 * finding 3). `onExpired` runs first (to close the connection after the answer). Call `stop`
 * once the request is answered: a body refused unread (over the limit) never ends.
 */
export function withBodyDeadlines(
  payload: Readable,
  { idleMs, totalMs }: BodyDeadlines,
  onExpired: () => void,
): { stream: PassThrough; stop: () => void } {
  const out = new PassThrough();
  // Fastify hears the error while it reads the body; after that, no one may, and an error no
  // one hears is an uncaught exception that ends the process.
  out.on("error", () => {});
  const expire = () => {
    clearTimeout(idle);
    clearTimeout(total);
    onExpired();
    payload.unpipe(out);
    out.destroy(
      new HttpError(408, "request.timeout", MESSAGES.bodyTimedOut(Math.ceil(totalMs / 1000))),
    );
  };
  let idle = setTimeout(expire, idleMs);
  const total = setTimeout(expire, totalMs);
  const done = () => {
    clearTimeout(idle);
    clearTimeout(total);
  };
  payload.on("data", () => {
    clearTimeout(idle);
    idle = setTimeout(expire, idleMs);
  });
  payload.once("end", done);
  payload.once("error", (err) => {
    done();
    out.destroy(err);
  });
  payload.once("close", done);
  // Fastify's body limit counts what arrived on the wire, as without this stream.
  Object.defineProperty(out, "receivedEncodedLength", {
    get: () => (payload as Readable & { receivedEncodedLength?: number }).receivedEncodedLength,
  });
  return { stream: payload.pipe(out), stop: done };
}
