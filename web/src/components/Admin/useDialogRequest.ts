import { notifications } from "@mantine/notifications";
import { useState } from "react";
import type { ActionError } from "../Dashboard/ConfirmModal";
import { adminFailure } from "./adminErrors";

/** A request's success notification. */
export interface Done {
  title: string;
  message: string;
}

/**
 * A request sent from a confirm dialog: `status` is what the dialog shows of it (in flight, the
 * refusal with its reason chosen by its code); success is a green notification.
 */
export function useDialogRequest(failed: string) {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ActionError | null>(null);

  /** Sends `run`'s request; true once it succeeded, false when the dialog shows why not. */
  const send = async (run: () => Promise<Done>): Promise<boolean> => {
    setLoading(true);
    setError(null);
    try {
      const done = await run();
      notifications.show({ color: "green", ...done });
      return true;
    } catch (caught) {
      setError({ title: failed, detail: adminFailure(caught) });
      return false;
    } finally {
      setLoading(false);
    }
  };

  return { status: { loading, error }, send, clearError: () => setError(null) };
}
