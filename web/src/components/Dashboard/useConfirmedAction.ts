import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import type { ActionError } from "./ConfirmModal";
import { serverDetail } from "./teamErrors";

interface ActionAnswer {
  success: boolean;
  message?: string | null;
}

interface ConfirmedActionOptions {
  /** Sends the request; null while there is nothing to confirm. */
  request: (() => Promise<ActionAnswer | null | undefined>) | null;
  /** The request is in flight (from its SWR mutation). */
  loading: boolean;
  /** The dialog's error title when the server declines. */
  failed: string;
  /** The error title when the request throws; `failed` unless told. */
  failedToSend?: string;
  /** The success notification; `message` stands in when the server sends none. */
  done: { title: string; message: string };
}

export type ConfirmedAction = ReturnType<typeof useConfirmedAction>;

/**
 * The state of an action asked about in a ConfirmModal: the dialog opens without an old error,
 * closes on success with a notification, and keeps a failure in the dialog with the server's
 * reason under it.
 */
export function useConfirmedAction({
  request,
  loading,
  failed,
  failedToSend = failed,
  done,
}: ConfirmedActionOptions) {
  const [opened, dialog] = useDisclosure(false);
  const [error, setError] = useState<ActionError | null>(null);

  const onConfirm = async () => {
    if (!request) return;
    setError(null);
    try {
      const answer = await request();
      if (!answer?.success) {
        setError({ title: failed });
        return;
      }
      dialog.close();
      notifications.show({
        color: "green",
        title: done.title,
        message: answer.message ?? done.message,
      });
    } catch (caught) {
      setError({ title: failedToSend, detail: serverDetail(caught) });
    }
  };

  const open = () => {
    setError(null);
    dialog.open();
  };

  return { open, modal: { opened, loading, error, onConfirm, onClose: dialog.close } };
}
