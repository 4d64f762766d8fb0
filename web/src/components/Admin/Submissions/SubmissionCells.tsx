import { Anchor, Stack, Table, Text } from "@mantine/core";
import type { SubmissionStatus } from "@tandem/contracts";
import { Link } from "react-router";
import { formatScore } from "../../Dashboard/format";
import { StatusBadge } from "../../Submissions/StatusBadge";
import classes from "../Admin.module.css";
import { adminSubmissionPath } from "../Teams/paths";
import { formatDateTime } from "../time";

/** A console table's submission time, linking to the submission's page. */
export function SubmissionTimeCell({ id, createdAt }: { id: string; createdAt: string }) {
  return (
    <Table.Td className={classes.nowrap}>
      <Anchor component={Link} to={adminSubmissionPath(id)} size="sm">
        {formatDateTime(createdAt)}
      </Anchor>
    </Table.Td>
  );
}

/** A submission's status, with its error under it (cut to `lines` when told). */
export function SubmissionStatusCell({
  status,
  error,
  lines,
}: {
  status: SubmissionStatus;
  error: string | null;
  lines?: number;
}) {
  return (
    <Table.Td>
      <Stack gap={2} align="flex-start">
        <StatusBadge status={status} />
        {error && (
          <Text size="xs" className={classes.fullText} lineClamp={lines}>
            {error}
          </Text>
        )}
      </Stack>
    </Table.Td>
  );
}

/** A score as the console lists it: a dash until there is one. */
export const scoreText = (value: number | null) => (value === null ? "–" : formatScore(value));
