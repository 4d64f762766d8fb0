import { type AdminSettingsPatch, adminSettingsSchema } from "@tandem/contracts";
import useSWR from "swr";
import { api } from "../../client";
import { PUBLIC_COMPETITION_KEY } from "../../competition/public";
import { useAdminWrite } from "../../lib/write";

export const SETTINGS_KEY = "/admin/settings";

export function useAdminSettings() {
  return useSWR(SETTINGS_KEY, (path: string) => api.getParsed(path, adminSettingsSchema));
}

/**
 * Participants see the pause through the public config and the window through the competition
 * (a settings date overrides the definition's): read both again too.
 */
export function useSaveSettings() {
  return useAdminWrite(
    `${SETTINGS_KEY}#save`,
    (patch: AdminSettingsPatch) =>
      api.sendParsed(SETTINGS_KEY, adminSettingsSchema, { method: "PATCH", body: patch }),
    [SETTINGS_KEY, "/config/public", PUBLIC_COMPETITION_KEY],
  );
}
