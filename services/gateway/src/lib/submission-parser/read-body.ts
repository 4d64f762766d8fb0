import { submitRequestSchema } from "@tandem/contracts";
import secureJson from "secure-json-parse";

/**
 * The JSON parsing app.ts gives every route (Fastify's default parser is secure-json-parse with
 * these options): `__proto__` and `constructor.prototype` keys are refused as invalid JSON.
 */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return {
      ok: true,
      value: secureJson.parse(text, undefined, {
        protoAction: "error",
        constructorAction: "error",
      }),
    };
  } catch {
    return { ok: false };
  }
}

const predictionsField = submitRequestSchema.shape.predictions_csv;
/** The schema's fields; with no catch-all, it ignores (strips) every other key. */
const declaredKeys = submitRequestSchema.def.catchall
  ? undefined
  : Object.keys(submitRequestSchema.shape);

/** What the route validates in place of a file read here: any file the schema accepts. */
export function predictionsStandIn(bytes: number): string {
  return `(predictions_csv: ${bytes} bytes, read on a parser thread)`;
}

export type ReadSubmitBody =
  | { kind: "invalid-json" }
  /** Nested deeper than MAX_LEVELS: refused without parsing it. */
  | { kind: "too-deep" }
  | {
      kind: "read";
      /**
       * What the route's schema validates: the body as app.ts's parser gives it to other routes
       * (undefined for an empty one), but with a `predictions_csv` the schema accepts replaced
       * by a short stand-in, and without the keys the schema ignores.
       */
      body: unknown;
      /** That `predictions_csv`, as UTF-8 bytes. */
      csv?: Uint8Array;
    };

/**
 * A /submit body read as app.ts reads every other (UTF-8; only whitespace is no body; Fastify's
 * JSON parser), meant for a parser thread: for a file of tens of MB, decoding and parsing take a
 * large fraction of a second. The file comes back as bytes, which move between threads without
 * a copy, and the rest as a body as small as the one that was sent without it: the route's schema
 * answers it exactly as it would have answered the whole body.
 */
export function readSubmitBody(bytes: Uint8Array): ReadSubmitBody {
  if (nestsDeeperThan(bytes, MAX_LEVELS)) return { kind: "too-deep" };
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  if (text.trim() === "") return { kind: "read", body: undefined };
  const parsed = parseJson(text);
  if (!parsed.ok) return { kind: "invalid-json" };
  const body = parsed.value;
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { kind: "read", body };
  }
  const sent = body as Record<string, unknown>;
  const fields = declaredKeys
    ? Object.fromEntries(
        declaredKeys.filter((key) => Object.hasOwn(sent, key)).map((key) => [key, sent[key]]),
      )
    : sent;
  const csv = fields.predictions_csv;
  // Anything else stays as sent, for the schema to answer as it does on other routes.
  if (typeof csv !== "string" || !predictionsField.safeParse(csv).success) {
    return { kind: "read", body: fields };
  }
  const encoded = new TextEncoder().encode(csv);
  return {
    kind: "read",
    body: { ...fields, predictions_csv: predictionsStandIn(encoded.byteLength) },
    csv: encoded,
  };
}

/**
 * Deeper than any body the route accepts needs (it takes a flat object). JSON.parse accepts
 * millions of levels, and a 16 MB body nested 8 million deep held a parser thread for 42 s.
 */
export const MAX_LEVELS = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether JSON text opens more than `levels` arrays or objects inside each other, in one pass
 * over its bytes (brackets inside strings do not count): issue 31, finding 2.
 */
export function nestsDeeperThan(bytes: Uint8Array, levels: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (OPENERS.has(byte)) {
      if (++depth > levels) return true;
    } else if (CLOSERS.has(byte)) depth--;
  }
  return false;
}
