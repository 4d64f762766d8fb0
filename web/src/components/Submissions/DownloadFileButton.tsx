import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { downloadSubmissionFile } from "../../api/submissions/requests";
import { failureReason } from "../Dashboard/teamErrors";
import { SUBMISSION_MESSAGES as M } from "./messages";

/** Saves the CSV the team sent for this submission. */
export function DownloadFileButton({ submissionId }: { submissionId: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadSubmissionFile(submissionId);
    } catch (error) {
      notifications.show({ color: "red", title: M.downloadFailed, message: failureReason(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" loading={busy} onClick={() => void download()}>
      {M.download}
    </Button>
  );
}
