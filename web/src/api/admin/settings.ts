import { type AdminSettingsPatch, adminSettingsSchema } from "@tandem/contracts";
import useSWR from "swr";
import { api, apiRequest, parseResponse } from "../client";
import { useAdminWrite } from "./write";

export const SETTINGS_KEY = "/admin/settings";

export function useAdminSettings() {
  return useSWR(SETTINGS_KEY, (path: string) => api.getParsed(path, adminSettingsSchema));
}

/** Participants see the pause and the window through the public config: read it again too. */
export function useSaveSettings() {
  return useAdminWrite(
    `${SETTINGS_KEY}#save`,
    async (patch: AdminSettingsPatch) =>
      parseResponse(
        adminSettingsSchema,
        await apiRequest<unknown>(SETTINGS_KEY, { method: "PATCH", body: patch }),
        SETTINGS_KEY,
      ),
    [SETTINGS_KEY, "/config/public"],
  );
}
