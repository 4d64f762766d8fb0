import {
  adminCompetitionSchema,
  type CompetitionChange,
  type CompetitionDefinition,
  competitionChangeSchema,
  competitionUpdateResponseSchema,
  competitionVersionsSchema,
} from "@tandem/competition";
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { z } from "zod";
import { ApiError, api, apiRequest, hasErrorCode, parseResponse } from "../client";
import { PUBLIC_COMPETITION_KEY } from "../competition/public";
import { useAdminWrite } from "./write";

export const ADMIN_COMPETITION_KEY = "/admin/competition";
export const COMPETITION_VERSIONS_KEY = `${ADMIN_COMPETITION_KEY}/versions`;

/** The stored definition an edit starts from, with its overrides and the clock. */
export function useAdminCompetition() {
  return useSWR(ADMIN_COMPETITION_KEY, (path: string) =>
    api.getParsed(path, adminCompetitionSchema),
  );
}

export function useCompetitionVersions() {
  return useSWR(COMPETITION_VERSIONS_KEY, (path: string) =>
    api.getParsed(path, competitionVersionsSchema),
  );
}

export interface CompetitionEdit {
  /** The version the edit started from. */
  version: number;
  definition: CompetitionDefinition;
  rescore: boolean;
}

const put = async (edit: CompetitionEdit, dryRun: boolean) =>
  parseResponse(
    competitionUpdateResponseSchema,
    await apiRequest<unknown>(ADMIN_COMPETITION_KEY, {
      method: "PUT",
      body: { ...edit, dry_run: dryRun },
    }),
    ADMIN_COMPETITION_KEY,
  );

/** `PUT` with `dry_run`: the changes and their consequences, or the refusal; nothing saved. */
export function useReviewCompetition() {
  return useSWRMutation(
    `${ADMIN_COMPETITION_KEY}#review`,
    (_key, { arg }: { arg: CompetitionEdit }) => put(arg, true),
  );
}

/**
 * Saves the edit as the next version. Every page follows the competition through the public
 * read (and the window through the public config): they are read again with the console's own.
 */
export function useSaveCompetition() {
  return useAdminWrite(
    `${ADMIN_COMPETITION_KEY}#save`,
    (edit: CompetitionEdit) => put(edit, false),
    [ADMIN_COMPETITION_KEY, PUBLIC_COMPETITION_KEY, "/config/public"],
  );
}

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
