import { useCallback } from "react";
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import {
  fetchNotificationPreferences,
  NOTIFICATION_PREFERENCES_KEY,
  type NotificationPreferences,
  saveNotificationPreferences,
} from "./requests";

export function useNotificationPreferences() {
  return useSWR(NOTIFICATION_PREFERENCES_KEY, fetchNotificationPreferences);
}

/**
 * Saves the choices, shown at once: the cache holds the new values while the request is on its
 * way and goes back to the old ones if it fails (`save` then throws); the stored answer
 * replaces them on success.
 */
export function useSaveNotificationPreferences() {
  const { trigger, isMutating } = useSWRMutation(
    NOTIFICATION_PREFERENCES_KEY,
    (_key: string, { arg }: { arg: NotificationPreferences }) => saveNotificationPreferences(arg),
    { rollbackOnError: true, populateCache: true, revalidate: false },
  );
  const save = useCallback(
    (next: NotificationPreferences) => trigger(next, { optimisticData: next }),
    [trigger],
  );
  return { save, isSaving: isMutating };
}
