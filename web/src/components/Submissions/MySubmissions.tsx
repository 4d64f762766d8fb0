import { Stack, Title } from "@mantine/core";
import { type ReactNode, Suspense } from "react";
import type { ChallengeSummary } from "../../api/submissions/requests";
import { lazyChart } from "../Charts/lazyChart";
import { QueueStatus } from "../QueueStatus/QueueStatus";
import { SUBMISSION_MESSAGES as M } from "./messages";
import { SubmissionHistory } from "./SubmissionHistory";
import { SubmissionsOverview } from "./SubmissionsOverview";

/** Issue 33's chart, loaded only when the dashboard renders it (uPlot is fetched alongside). */
const ScoreOverTime = lazyChart(() => import("./ScoreOverTime").then((m) => m.ScoreOverTime));

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
      <Suspense fallback={null}>
        <ScoreOverTime />
      </Suspense>
      <SubmissionHistory />
    </Stack>
  );
}
