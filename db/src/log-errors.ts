import pino, { type SerializedError } from "pino";

/*
 * How a database error may be logged, by the gateway and the workers alike: its class, SQLSTATE,
 * constraint, table and column and the statement's text, never the values it was given.
 */

/** SQLSTATE names for the conditions the gateway and workers can meet. */
const CONDITIONS: Record<string, string> = {
  "22001": "string_data_right_truncation",
  "22003": "numeric_value_out_of_range",
  "22007": "invalid_datetime_format",
  "22008": "datetime_field_overflow",
  "22021": "character_not_in_repertoire",
  "22P02": "invalid_text_representation",
  "22P05": "untranslatable_character",
  "23502": "not_null_violation",
  "23503": "foreign_key_violation",
  "23505": "unique_violation",
  "23514": "check_violation",
  "40001": "serialization_failure",
  "40P01": "deadlock_detected",
  "42703": "undefined_column",
  "42P01": "undefined_table",
  "53300": "too_many_connections",
  "57014": "query_canceled",
  "57P01": "admin_shutdown",
};

/** What may be logged of a database error: never its parameters, `detail`, or message. */
export interface DatabaseErrorSummary {
  code?: string;
  condition?: string;
  constraint?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  /** The statement with placeholders; quoted literals are cut out too. */
  query?: string;
}

type Candidate = Record<string, unknown> & { cause?: unknown };

const stringField = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/**
 * The database failure in `error` or its causes (Drizzle wraps the driver's error in one whose
 * message lists the parameters; pg's `detail` echoes row values), or undefined for other errors.
 */
export function describeDatabaseError(error: unknown): DatabaseErrorSummary | undefined {
  let summary: DatabaseErrorSummary | undefined;
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    const candidate = current as Candidate;
    if (typeof candidate.query === "string" && "params" in candidate) {
      summary ??= {};
      summary.query ??= stripLiterals(candidate.query);
    }
    const code = stringField(candidate.code);
    if (code && /^[0-9A-Z]{5}$/.test(code) && ("severity" in candidate || "routine" in candidate)) {
      summary ??= {};
      summary.code = code;
      summary.condition = CONDITIONS[code];
      for (const key of ["constraint", "schema", "table", "column", "dataType"] as const) {
        const value = stringField(candidate[key]);
        if (value) summary[key] = value;
      }
    }
    current = candidate.cause;
  }
  if (summary) {
    for (const key of Object.keys(summary) as (keyof DatabaseErrorSummary)[]) {
      if (summary[key] === undefined) delete summary[key];
    }
  }
  return summary;
}

function stripLiterals(query: string): string {
  return query.replace(/'(?:[^']|'')*'/g, "'?'").slice(0, 2000);
}

function stackFrames(stack: unknown): string | undefined {
  if (typeof stack !== "string") return undefined;
  // The first lines repeat the message, which is what must not be logged.
  return stack
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");
}

/**
 * pino's error serializer, except that a database error is logged as its class, SQLSTATE,
 * constraint, table and column and the statement's text: never the values it was given.
 */
export function serializeError(error: unknown): SerializedError | unknown {
  if (!error || typeof error !== "object") return error;
  const database = describeDatabaseError(error);
  if (!database) return pino.stdSerializers.err(error as Error);
  return {
    type: (error as object).constructor?.name ?? "Error",
    message: `database error ${database.code ?? "(no SQLSTATE)"}${
      database.condition ? ` ${database.condition}` : ""
    }`,
    database,
    stack: stackFrames((error as { stack?: unknown }).stack),
  };
}
