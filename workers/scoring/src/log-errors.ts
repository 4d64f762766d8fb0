import pino from "pino";

/**
 * pino's `err` serializer, except that a database error (Drizzle's wrapper lists the query's
 * parameters in its message; pg's `detail` echoes row values) is logged as its class, SQLSTATE,
 * constraint, table and column and the statement's text, never the values. The gateway has the
 * same rule (services/gateway/src/lib/log-serializers.ts); deployables share no code.
 */
export function serializeError(error: unknown): unknown {
  if (!error || typeof error !== "object") return error;
  const database = describeDatabaseError(error);
  if (!database) return pino.stdSerializers.err(error as Error);
  const stack = (error as { stack?: unknown }).stack;
  return {
    type: error.constructor?.name ?? "Error",
    message: `database error ${database.code ?? "(no SQLSTATE)"}`,
    database,
    // The first lines of a stack repeat the message.
    stack:
      typeof stack === "string"
        ? stack
            .split("\n")
            .filter((line) => line.trimStart().startsWith("at "))
            .join("\n")
        : undefined,
  };
}

function describeDatabaseError(error: unknown): Record<string, string> | undefined {
  let summary: Record<string, string> | undefined;
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    const candidate = current as Record<string, unknown>;
    if (typeof candidate.query === "string" && "params" in candidate) {
      summary ??= {};
      summary.query ??= candidate.query.replace(/'(?:[^']|'')*'/g, "'?'").slice(0, 2000);
    }
    const code = candidate.code;
    if (
      typeof code === "string" &&
      /^[0-9A-Z]{5}$/.test(code) &&
      ("severity" in candidate || "routine" in candidate)
    ) {
      summary ??= {};
      summary.code = code;
      for (const key of ["constraint", "schema", "table", "column", "dataType"]) {
        const value = candidate[key];
        if (typeof value === "string" && value) summary[key] = value;
      }
    }
    current = candidate.cause;
  }
  return summary;
}
