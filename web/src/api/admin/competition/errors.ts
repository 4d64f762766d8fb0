import { type CompetitionChange, competitionChangeSchema } from "@tandem/competition";
import { z } from "zod";
import { ApiError, hasErrorCode } from "../../client";

const refusalSchema = z.object({ code: z.string(), path: z.string(), message: z.string() });
export type CompetitionRefusal = z.infer<typeof refusalSchema>;

const refusalDetailsSchema = z.object({
  field: z.string().optional(),
  refusals: z.array(refusalSchema).default([]),
  changes: z.array(competitionChangeSchema).default([]),
});

const issuesDetailsSchema = z.object({
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});

const detailsOf = (error: ApiError) =>
  typeof error.body === "object" && error.body !== null && "details" in error.body
    ? (error.body as { details: unknown }).details
    : undefined;

/** What a refused edit says: the guards that refused it and the changes it would have made. */
export interface EditRefusal {
  code: string;
  message: string;
  refusals: CompetitionRefusal[];
  changes: CompetitionChange[];
}

/** A guard's 409 (every `competition.*` refusal but a stale version), or null. */
export function editRefusalOf(error: unknown): EditRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.code) return null;
  if (!error.code.startsWith("competition.") || error.code === "competition.version_stale")
    return null;
  const details = refusalDetailsSchema.safeParse(detailsOf(error) ?? {});
  return {
    code: error.code,
    message: error.serverError ?? error.message,
    refusals: details.success ? details.data.refusals : [],
    changes: details.success ? details.data.changes : [],
  };
}

/** The version in force when an edit was refused as stale, or null for any other failure. */
export function staleVersionOf(error: unknown): number | null {
  if (!hasErrorCode(error, "competition.version_stale")) return null;
  const parsed = z.object({ version: z.number().int() }).safeParse(detailsOf(error));
  return parsed.success ? parsed.data.version : null;
}

/** The issues of a `competition.definition_invalid` answer, or null. */
export function invalidIssuesOf(error: unknown): { path: string; message: string }[] | null {
  if (!hasErrorCode(error, "competition.definition_invalid")) return null;
  const parsed = issuesDetailsSchema.safeParse(detailsOf(error));
  return parsed.success ? parsed.data.issues : [];
}
