import { z } from "zod";
import { badRequest } from "../../lib/http-error";

/** Where a page of an organizers' list starts: after the row with this sort key and id. */
export interface ConsolePosition {
  /** The sort key as text: a name, a status, or a whole number (counts, µs since the epoch). */
  key: string;
  id: string;
}

const payloadSchema = z.tuple([z.string().max(40), z.string().max(200), z.uuid()]);

/**
 * Keyset cursors of the console's lists, opaque to clients (base64url JSON). `scope` names the
 * list and its order (`teams:members:desc`): a cursor from one order is refused by another,
 * whose sort key it would misplace.
 */
export function encodeConsoleCursor(scope: string, position: ConsolePosition): string {
  return Buffer.from(JSON.stringify([scope, position.key, position.id])).toString("base64url");
}

const WHOLE_NUMBER = /^-?\d{1,19}$/;

/** The position a cursor names; anything but one of ours for this list and order is a 400. */
export function decodeConsoleCursor(
  cursor: string,
  scope: string,
  keyKind: "text" | "number",
): ConsolePosition {
  let parsed: z.infer<typeof payloadSchema> | undefined;
  try {
    const result = payloadSchema.safeParse(
      JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")),
    );
    parsed = result.success ? result.data : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed[0] !== scope || (keyKind === "number" && !WHOLE_NUMBER.test(parsed[1]))) {
    const message =
      "cursor is not valid: pass the next_cursor of a previous page unchanged (with the same sort and order)";
    throw badRequest("request.invalid", message, {
      where: "querystring",
      validation_errors: [`cursor: ${message}`],
      fields: { cursor: message },
    });
  }
  return { key: parsed[1], id: parsed[2] };
}
