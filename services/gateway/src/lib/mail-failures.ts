/** The mail server is unreachable or refused for now: a sweep stops and lets the next one retry. */
export class MailUnavailable extends Error {}

/**
 * A permanent refusal of this message or address (SMTP 5xx): sending again would fail the same
 * way, so it is not retried; anything else (no connection, 4xx, a full disk) is.
 */
export function refusedForGood(err: unknown): boolean {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  return (
    (code === "EENVELOPE" || code === "EMESSAGE") &&
    typeof responseCode === "number" &&
    responseCode >= 500
  );
}
