import { z } from "zod";
import { badRequest } from "./http-error";

/** Where a page of a list starts: after the row with this sort key and id. */
export interface KeysetPosition {
  /** The sort key as text: a name, a status, or a whole number (counts, µs since the epoch). */
  key: string;
  id: string;
}

/** A position in a list ordered by creation time, newest first (histories, announcements). */
export interface TimePosition {
  /** Microseconds since the epoch. */
  createdUs: bigint;
  id: string;
}

const payloadSchema = z.tuple([z.string().max(40), z.string().max(200), z.uuid()]);

/**
 * Keyset cursors of every paged list, opaque to clients (base64url JSON). `scope` names the list
 * and its order (`teams:members:desc`): a cursor from one list or order is refused by another,
 * whose sort key it would misplace. A cursor names no other team's data: a team's lists read its
 * own rows only, wherever the cursor points.
 */
export function encodeCursor(scope: string, position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([scope, position.key, position.id])).toString("base64url");
}

const WHOLE_NUMBER = /^-?\d{1,19}$/;

/** The position a cursor names; anything but one of ours for this list and order is a 400. */
export function decodeCursor(
  cursor: string,
  scope: string,
  keyKind: "text" | "number",
): KeysetPosition {
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

/** `decodeCursor` for a list ordered by creation time. */
export function decodeTimeCursor(cursor: string, scope: string): TimePosition {
  const { key, id } = decodeCursor(cursor, scope, "number");
  return { createdUs: BigInt(key), id };
}

/** The key of a creation-time position, for `keysetPage`. */
export function timeKey({ createdUs, id }: TimePosition): KeysetPosition {
  return { key: String(createdUs), id };
}

/**
 * One page of a list read with `limit + 1` rows (the extra row says whether there is a next
 * page): the first `limit` rows and the cursor after the last of them, or null on the last page.
 */
export function keysetPage<Row>(
  rows: Row[],
  limit: number,
  scope: string,
  positionOf: (row: Row) => KeysetPosition,
): { items: Row[]; next_cursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    next_cursor: rows.length > limit && last ? encodeCursor(scope, positionOf(last)) : null,
  };
}
