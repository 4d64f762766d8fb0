import { Badge, Loader } from "@mantine/core";
import type { SubmissionStatus } from "../../api/submissions/requests";
import { isUnfinished } from "../../api/submissions/requests";
import { STATUS_LABELS } from "./messages";

const COLORS: Readonly<Record<SubmissionStatus, string>> = {
  queued: "gray",
  scoring: "blue",
  scored: "teal",
  invalid: "orange",
  failed: "red",
};

/** A submission's status in words; the colour only repeats it. */
export function StatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <Badge
      variant="light"
      color={COLORS[status]}
      leftSection={
        isUnfinished(status) ? <Loader size={10} color={COLORS[status]} aria-hidden /> : null
      }
      style={{ flex: "none" }}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}
