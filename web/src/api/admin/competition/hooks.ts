import {
  adminCompetitionSchema,
  type CompetitionDefinition,
  competitionUpdateResponseSchema,
  competitionVersionsSchema,
} from "@tandem/competition";
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { api } from "../../client";
import { PUBLIC_COMPETITION_KEY } from "../../competition/public";
import { useAdminWrite } from "../../lib/write";

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

const put = (edit: CompetitionEdit, dryRun: boolean) =>
  api.sendParsed(ADMIN_COMPETITION_KEY, competitionUpdateResponseSchema, {
    method: "PUT",
    body: { ...edit, dry_run: dryRun },
  });

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
