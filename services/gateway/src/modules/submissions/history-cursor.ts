import { badRequest } from "../../lib/http-error";
import type { HistoryPosition } from "./submissions.repository";

/**
 * History cursors: opaque to clients, a position in the team's history (microseconds since the
 * epoch and the submission id) in base64url. They name no other team's data: every page is
 * read within the requesting team's rows, wherever the cursor points.
 */
export function encodeHistoryCursor(position: HistoryPosition): string {
  return Buffer.from(`${position.createdUs}.${position.id}`).toString("base64url");
}

const POSITION = /^(-?\d{1,19})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The position a cursor names; a cursor that is not one of ours is a 400, not a 500. */
export function decodeHistoryCursor(cursor: string): HistoryPosition {
  const match = POSITION.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) {
    const message = "cursor is not valid: pass the next_cursor of a previous page unchanged";
    throw badRequest("request.invalid", message, {
      where: "querystring",
      validation_errors: [`cursor: ${message}`],
      fields: { cursor: message },
    });
  }
  return { createdUs: BigInt(match[1]!), id: match[2]! };
}
