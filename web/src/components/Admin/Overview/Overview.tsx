import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { AdminOverview } from "@tandem/contracts";
import { type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { useAdminOverview } from "../../../api/admin/overview/hooks";
import { lazyChart } from "../../Charts/lazyChart";
import { Loaded } from "../../Loaded";
import { QueueStatus } from "../../QueueStatus/QueueStatus";
import { PageTitle } from "../PageTitle";
import { formatAge } from "../time";
import { Exports } from "./Exports";
import { JupyterCard } from "./JupyterCard";
import { WaitingTeams } from "./WaitingTeams";

/** Issue 33's chart, loaded only when the overview renders it (uPlot is fetched alongside). */
const SubmissionsPerHour = lazyChart(() =>
  import("./SubmissionsPerHour").then((m) => m.SubmissionsPerHour),
);

interface StatCardProps {
  title: string;
  to: string;
  linkLabel: string;
  children: ReactNode;
}

function StatCard({ title, to, linkLabel, children }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Stack gap={2} style={{ flex: 1 }}>
          {children}
        </Stack>
        <Anchor component={Link} to={to} size="sm">
          {linkLabel}
        </Anchor>
      </Stack>
    </Card>
  );
}

function Line({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={700} size="lg">
        {value}
      </Text>{" "}
      {label}
    </Text>
  );
}

function Cards({ data }: { data: AdminOverview }) {
  const { queue } = data;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <StatCard title="Users" to="/admin/users" linkLabel="All users">
        <Line label="accounts" value={data.users.total} />
      </StatCard>
      <StatCard title="Teams" to="/admin/teams" linkLabel="All teams">
        <Line label="active" value={data.teams.active} />
        <Line label="inactive" value={data.teams.inactive} />
        <Line label="waiting for activation" value={data.activation_requests.total} />
        <Line label="disqualified" value={data.teams.disqualified} />
      </StatCard>
      <StatCard title="Submissions" to="/admin/submissions" linkLabel="All submissions">
        <Line label="today (UTC)" value={data.submissions.today} />
        <Line label="in total" value={data.submissions.total} />
      </StatCard>
      <StatCard
        title="Scoring queue"
        to="/admin/submissions?status=failed"
        linkLabel="Failed submissions"
      >
        <Line label="queued or scoring" value={queue.depth} />
        <Line
          label="oldest unscored"
          value={
            queue.oldest_unscored_age_seconds === null
              ? "none"
              : formatAge(queue.oldest_unscored_age_seconds)
          }
        />
        <Line label="failures in the last hour" value={queue.failures_last_hour} />
      </StatCard>
    </SimpleGrid>
  );
}

/** /admin: the competition at a glance, with links to each list and the exports. */
export function Overview() {
  const read = useAdminOverview();
  return (
    <Stack gap="lg">
      <PageTitle title="Organizers' console">The competition at a glance.</PageTitle>
      <Loaded
        read={read}
        failed="The overview could not be loaded"
        skeleton={
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" aria-hidden>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={160} radius="md" />
            ))}
          </SimpleGrid>
        }
      >
        {(data) => (
          <>
            {/* Teams waiting for an answer come first: they cannot do anything until then. */}
            <WaitingTeams requests={data.activation_requests} />
            <Cards data={data} />
          </>
        )}
      </Loaded>
      <Suspense fallback={<Skeleton height={320} radius="md" />}>
        <SubmissionsPerHour />
      </Suspense>
      {/* What participants are told about the queue, with the estimate and the recent rate. */}
      <QueueStatus show="always" headingOrder={2} />
      <JupyterCard />
      <Exports />
      <Anchor component={Link} to="/admin/audit" size="sm">
        Audit log of every organizer action
      </Anchor>
    </Stack>
  );
}
