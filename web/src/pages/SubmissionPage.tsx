import { Anchor, Button, Container, Skeleton, Stack, Text, Title } from "@mantine/core";
import { submissionParamsSchema } from "@tandem/contracts";
import { Link, useParams } from "react-router";
import { hasErrorCode } from "../api/client";
import { useSubmission } from "../api/submissions/hooks";
import { LoadError } from "../components/LoadError";
import { SectionCard } from "../components/SectionCard";
import { SUBMISSION_MESSAGES as M } from "../components/Submissions/messages";
import { SubmissionDetailView } from "../components/Submissions/SubmissionDetailView";

function NotFound() {
  return (
    <SectionCard id="not-found-heading" title={M.notFoundTitle} padding="lg" align="flex-start">
      <Text size="sm">{M.notFound}</Text>
      <Button component={Link} to="/dashboard" variant="light" size="xs">
        {M.backToDashboard}
      </Button>
    </SectionCard>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="lg" aria-hidden>
      <Skeleton height={240} radius="md" />
      <Skeleton height={160} radius="md" />
    </Stack>
  );
}

/** /submissions/{submissionId} (login required): one of the team's submissions, kept live. */
export default function SubmissionPage() {
  const { submissionId = "" } = useParams();
  // An id that is not a UUID names no submission: no need to ask the server.
  const wellFormed = submissionParamsSchema.shape.id.safeParse(submissionId).success;
  const { data, error, isLoading, mutate } = useSubmission(wellFormed ? submissionId : null);
  const notFound = !wellFormed || hasErrorCode(error, "submission.not_found");

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={6} align="flex-start">
          <Anchor component={Link} to="/dashboard" size="sm">
            <span aria-hidden="true">← </span>
            {M.backToDashboard}
          </Anchor>
          <Title order={1}>{M.pageTitle}</Title>
        </Stack>
        {notFound && <NotFound />}
        {!notFound && error && !data && (
          <LoadError title={M.detailLoadFailed} error={error} onRetry={() => mutate()} />
        )}
        {isLoading && <DetailSkeleton />}
        {data && <SubmissionDetailView submission={data} />}
      </Stack>
    </Container>
  );
}
