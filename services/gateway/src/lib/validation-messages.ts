import { z } from "zod";

/*
 * Zod's validation issues as sentences a person can act on ("email must be a valid email
 * address"), for the error handler's 400 `request.invalid` envelope. A message the schema wrote
 * itself is kept as it is; only zod's generic defaults are rewritten.
 */

export type Where = "body" | "querystring" | "params" | "headers";

export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/** Each issue as `{ field, message }`, `field` dotted ("team.name"), empty for the whole part. */
export function readableProblems(
  where: Where,
  issues: ValidationIssue[],
): { field: string; message: string }[] {
  return issues.map((issue) => {
    const field = issue.instancePath.split("/").filter(Boolean).join(".");
    return { field, message: readableMessage(issue, field, where) };
  });
}

const WHOLE: Record<Where, string> = {
  body: "The request body",
  querystring: "The query string",
  params: "The URL path",
  headers: "The request headers",
};

function subjectOf(field: string, where: Where): string {
  if (!field) return WHOLE[where] ?? "The request";
  if (where === "headers") return `The ${field} header`;
  if (where === "params") return `The ${field} in the URL path`;
  return field;
}

const zodDefaults = z.locales.en().localeError;

/** Whether zod wrote this message itself (no message of the schema's own). */
function isZodDefault(issue: ValidationIssue): boolean {
  // `received` depends on the input, which the issue no longer carries.
  if (issue.keyword === "invalid_type") {
    return /^Invalid input: expected \S+, received \S+$/.test(issue.message);
  }
  const made = zodDefaults({ ...issue.params, code: issue.keyword } as never);
  const text = typeof made === "string" ? made : made?.message;
  return text === issue.message;
}

function readableMessage(issue: ValidationIssue, field: string, where: Where): string {
  if (!isZodDefault(issue)) return issue.message;
  const subject = subjectOf(field, where);
  const { params } = issue;
  switch (issue.keyword) {
    case "invalid_type": {
      const received = /received (\S+)$/.exec(issue.message)?.[1];
      if (received === "undefined") {
        return field || where !== "body"
          ? `${subject} is required`
          : "A JSON request body is required";
      }
      return `${subject} must be ${typeName(String(params.expected), !field && where === "body")}`;
    }
    case "too_small":
      return sizeMessage(subject, params, "small");
    case "too_big":
      return sizeMessage(subject, params, "big");
    case "invalid_value": {
      const values = Array.isArray(params.values) ? params.values : [];
      return values.length === 1
        ? `${subject} must be ${JSON.stringify(values[0])}`
        : `${subject} must be one of: ${values.map(String).join(", ")}`;
    }
    case "invalid_format": {
      const format = FORMATS[String(params.format)];
      return format
        ? `${subject} must be a valid ${format}`
        : `${subject} is not in the expected format`;
    }
    case "not_multiple_of":
      return `${subject} must be a multiple of ${String(params.divisor)}`;
    case "unrecognized_keys": {
      const keys = Array.isArray(params.keys) ? params.keys.map(String) : [];
      return `${subject} has unknown field${keys.length === 1 ? "" : "s"}: ${keys.join(", ")}`;
    }
    default:
      return `${subject} is not valid`;
  }
}

function typeName(expected: string, wholeBody: boolean): string {
  const names: Record<string, string> = {
    string: "text",
    number: "a number",
    int: "a whole number",
    bigint: "a whole number",
    boolean: "true or false",
    array: "a list",
    object: wholeBody ? "a JSON object" : "an object",
    date: "a date",
  };
  return names[expected] ?? `of type ${expected}`;
}

const FORMATS: Record<string, string> = {
  email: "email address",
  url: "URL",
  uuid: "ID",
  uuidv4: "ID",
  guid: "ID",
  datetime: "date and time (ISO 8601)",
  date: "date (YYYY-MM-DD)",
  time: "time",
  ipv4: "IPv4 address",
  ipv6: "IPv6 address",
  base64: "base64 text",
  base64url: "base64url text",
  jwt: "token",
};

function sizeMessage(subject: string, params: Record<string, unknown>, side: "small" | "big") {
  const limit = Number(side === "small" ? params.minimum : params.maximum);
  const exact = params.exact === true;
  const inclusive = params.inclusive !== false;
  const units: Record<string, string> = {
    string: "characters",
    array: "items",
    set: "items",
    file: "bytes",
  };
  const unit = units[String(params.origin)];
  if (unit) {
    if (side === "small" && limit === 1 && !exact && unit === "characters") {
      return `${subject} cannot be empty`;
    }
    const bound = exact ? "exactly" : side === "small" ? "at least" : "at most";
    const verb = unit === "characters" ? "be" : "have";
    return `${subject} must ${verb} ${bound} ${limit} ${unit}`;
  }
  if (exact) return `${subject} must be exactly ${limit}`;
  if (side === "small")
    return `${subject} must be ${inclusive ? "at least" : "greater than"} ${limit}`;
  return `${subject} must be ${inclusive ? "at most" : "less than"} ${limit}`;
}
