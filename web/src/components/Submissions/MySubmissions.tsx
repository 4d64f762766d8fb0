import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { ChallengeSummary } from "../../api/submissions/requests";
import { QueueStatus } from "../QueueStatus/QueueStatus";
import { SUBMISSION_MESSAGES as M } from "./messages";
import { ScoreOverTime } from "./ScoreOverTime";
import { SubmissionHistory } from "./SubmissionHistory";
import { SubmissionsOverview } from "./SubmissionsOverview";

interface MySubmissionsProps {
  /** Each challenge's action in the overview (the browser upload's button). */
  renderAction?: (challenge: ChallengeSummary) => ReactNode;
}

/** The dashboard's "My submissions": the per-challenge overview, then the history. */
export function MySubmissions({ renderAction }: MySubmissionsProps) {
  return (
    <Stack gap="xl" component="section" aria-labelledby="my-submissions-heading">
      <Title order={2} id="my-submissions-heading">
        {M.sectionTitle}
      </Title>
      {/* Only while the scoring queue is long. */}
      <QueueStatus />
      <SubmissionsOverview renderAction={renderAction} />
      <ScoreOverTime />
      <SubmissionHistory />
    </Stack>
  );
}
