import { announcementListSchema, announcementSchema } from "@tandem/contracts";
import useSWR from "swr";
import { api } from "../../client";
import { withQuery } from "../../lib/query";
import { useAdminWrite } from "../../lib/write";

export const ANNOUNCEMENTS_PATH = "/admin/announcements";

export const announcementsKey = (limit: number, cursor?: string) =>
  withQuery(ANNOUNCEMENTS_PATH, { limit, cursor });

export function useAnnouncements(key: string) {
  return useSWR(key, (path: string) => api.getParsed(path, announcementListSchema), {
    keepPreviousData: true,
  });
}

// The banner comes with the public config.
const AFTER_CHANGE = [ANNOUNCEMENTS_PATH, "/config/public"];

export function usePostAnnouncement() {
  return useAdminWrite(
    `${ANNOUNCEMENTS_PATH}#post`,
    (input: { body: string; email: boolean }) =>
      api.postParsed(ANNOUNCEMENTS_PATH, announcementSchema, input),
    AFTER_CHANGE,
  );
}

export function useWithdrawAnnouncement() {
  return useAdminWrite(
    `${ANNOUNCEMENTS_PATH}#withdraw`,
    (id: string) =>
      api.sendParsed(`${ANNOUNCEMENTS_PATH}/${encodeURIComponent(id)}`, announcementSchema, {
        method: "DELETE",
      }),
    AFTER_CHANGE,
  );
}
