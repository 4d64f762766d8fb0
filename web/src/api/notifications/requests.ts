import { type NotificationPreferences, notificationPreferencesSchema } from "@tandem/contracts";
import { api, apiRequest, parseResponse } from "../client";

export type { NotificationPreferences } from "@tandem/contracts";

/** `GET`/`PUT /api/notifications/preferences`'s path, which is also its SWR key. */
export const NOTIFICATION_PREFERENCES_KEY = "/notifications/preferences";

/** The signed-in user's own e-mail choices. */
export function fetchNotificationPreferences(): Promise<NotificationPreferences> {
  return api.getParsed(NOTIFICATION_PREFERENCES_KEY, notificationPreferencesSchema);
}

/** Saves both choices at once (the route replaces the whole record); answers what was stored. */
export async function saveNotificationPreferences(
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const body = await apiRequest<unknown>(NOTIFICATION_PREFERENCES_KEY, {
    method: "PUT",
    body: preferences,
  });
  return parseResponse(notificationPreferencesSchema, body, NOTIFICATION_PREFERENCES_KEY);
}
