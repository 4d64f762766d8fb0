import { Alert, Anchor, Code, Group, List, Loader, Stack, Text } from "@mantine/core";
import {
  dailyLimitDetailsSchema,
  LEADERBOARD_MESSAGES,
  MESSAGES,
  type SubmitResponse,
  submitResponseSchema,
  TEAM_MESSAGES,
} from "@tandem/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ApiError, hasErrorCode, NetworkError } from "../../api/client";
import { SubmitRefusedError, type SubmitStanding } from "../../api/submissions/upload";
import { useCompetition } from "../../competition/CompetitionContext";
import { formatReset, participantTimeZone } from "../../competition/participantClock";
import { formatScore } from "../Dashboard/format";
import { BestSoFarBadge } from "../Submissions/BestSoFarBadge";
import { feedbackRule, isBestSoFar } from "../Submissions/format";
import { ScoreNotes } from "../Submissions/ScoreNotes";
import { SUBMIT_GATE_MESSAGES as GATE } from "./gateMessages";
import classes from "./Submit.module.css";

type ValidationDetails = SubmitResponse["details"];

/** What the server said was wrong, every problem of it, and the row counts it compared. */
function ValidationProblems({ details }: { details: ValidationDetails }) {
  return (
    <Stack gap="xs">
      {details.validation_errors.length > 0 && (
        <List size="sm" spacing={4} aria-label="Validation errors" className={classes.wrap}>
          {details.validation_errors.map((problem, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's list may repeat a line
            <List.Item key={i}>{problem}</List.Item>
          ))}
        </List>
      )}
      <Text size="sm">
        Expected rows: {details.expected_rows} · Rows in your file: {details.actual_rows}
      </Text>
      <Text size="sm" className={classes.wrap}>
        Expected header: <Code>{details.expected_format}</Code>
      </Text>
    </Stack>
  );
}

function HistoryLink({ submissionId }: { submissionId: string }) {
  return (
    <Anchor component={Link} to={`/submissions/${encodeURIComponent(submissionId)}`} size="sm">
      See it in your history
    </Anchor>
  );
}

function scoreKindLabel(kind: SubmitResponse["score_kind"]): string {
  return kind === "final" ? TEAM_MESSAGES.finalScore : TEAM_MESSAGES.publicScore;
}

function rankChangeWords(change: number): string {
  if (change > 0) return LEADERBOARD_MESSAGES.rankUp(change);
  if (change < 0) return LEADERBOARD_MESSAGES.rankDown(-change);
  return LEADERBOARD_MESSAGES.rankSame;
}

/**
 * The day's quota left and where the team stands (issue 33). The rank is the answer's, so it is
 * shown only when the answer came with the score; a submission followed to its score links to
 * the leaderboard instead (where the team may see it), which has the rank as it is now.
 */
function StandingNote({
  standing,
  followed,
  scored,
}: {
  standing: SubmitStanding;
  followed: boolean;
  scored: boolean;
}) {
  const visibility = useCompetition().competition.definition.leaderboard_visibility;
  const rank = scored && !followed ? standing.public_rank : null;
  return (
    <Stack gap={2}>
      {rank !== null && (
        <Text size="sm" fw={600}>
          {LEADERBOARD_MESSAGES.publicRank(rank)}
          {standing.rank_change !== null && ` (${rankChangeWords(standing.rank_change)})`}
        </Text>
      )}
      <Text size="sm">{LEADERBOARD_MESSAGES.remainingToday(standing.remaining_today)}</Text>
      {scored && visibility !== "organizers" && (
        <Anchor component={Link} to="/leaderboard" size="sm">
          {LEADERBOARD_MESSAGES.rankOnLeaderboard}
        </Anchor>
      )}
    </Stack>
  );
}

interface StoredOutcomeProps {
  submission: SubmitResponse;
  /** The last attempt to read its status again failed. */
  followFailed: boolean;
  /** The quota left and the team's rank, as the submit answer gave them. */
  standing?: SubmitStanding | null;
  /** The answer came before the score, which was then followed. */
  followed?: boolean;
}

/** A submission the server stored: its score, its progress, or why it has none. */
export function StoredOutcome({
  submission,
  followFailed,
  standing = null,
  followed = false,
}: StoredOutcomeProps) {
  const { status } = submission;
  let body: ReactNode;
  if (status === "scored") {
    // Under the ladder with no score shown yet (none beat the baseline by the threshold) the
    // server's message says why; otherwise the number is the team's best so far.
    const bestSoFar = isBestSoFar(submission.feedback) && submission.score !== null;
    // A score that was no significant improvement comes with the server's message saying so.
    const rule = bestSoFar ? null : feedbackRule(submission.feedback);
    body = (
      <Alert color="teal" variant="light" title="Scored">
        <Stack gap={4}>
          <Text>
            {submission.metric_name}:{" "}
            <Text span fw={700} ff="monospace">
              {submission.score === null ? "–" : formatScore(submission.score)}
            </Text>{" "}
            ({scoreKindLabel(submission.score_kind)})
            {bestSoFar && (
              <>
                {" "}
                <BestSoFarBadge />
              </>
            )}
          </Text>
          {submission.message && <Text size="sm">{submission.message}</Text>}
          <ScoreNotes rule={rule} earlierAnswers={submission.scored_on_earlier_answers} />
        </Stack>
      </Alert>
    );
  } else if (status === "queued" || status === "scoring") {
    body = (
      <Alert color="blue" variant="light" title="Scoring…">
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden />
            <Text size="sm">
              Your file was received. The score appears here when it is ready; you may close this
              window.
            </Text>
          </Group>
          {followFailed && (
            <Text size="sm" c="dimmed">
              Could not check its status just now; your history shows it too.
            </Text>
          )}
        </Stack>
      </Alert>
    );
  } else if (status === "invalid") {
    body = (
      <Alert color="red" variant="light" title="The file failed validation">
        <Stack gap="xs">
          {submission.message && <Text size="sm">{submission.message}</Text>}
          <ValidationProblems details={submission.details} />
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <Alert color="red" variant="light" title="Scoring failed">
        <Stack gap={4}>
          {submission.message && (
            <Text size="sm" className={classes.wrap}>
              {submission.message}
            </Text>
          )}
          <Text size="sm">
            Your file passed validation; this is a platform problem. Failed submissions do not count
            toward the daily limit.
          </Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {body}
      {standing && (
        <StandingNote standing={standing} followed={followed} scored={status === "scored"} />
      )}
      <HistoryLink submissionId={submission.submission_id} />
    </Stack>
  );
}

/**
 * When the team may send again, in the participant's zone, named: the reset the daily-limit
 * refusal's details give, else the answer's Retry-After.
 */
function retryTime(error: unknown): string | null {
  const now = new Date();
  const body = error instanceof ApiError ? (error.body as { details?: unknown } | null) : null;
  const details = dailyLimitDetailsSchema.safeParse(body?.details);
  const at = details.success
    ? new Date(details.data.resets_at)
    : error instanceof SubmitRefusedError && error.retryAfterSeconds !== null
      ? new Date(now.getTime() + error.retryAfterSeconds * 1000)
      : null;
  return at && !Number.isNaN(at.getTime()) ? formatReset(at, now, participantTimeZone()) : null;
}

function refusal(error: unknown): { title: string; children: ReactNode } {
  const said = error instanceof ApiError ? error.serverError : null;
  if (hasErrorCode(error, "submission.invalid")) {
    const body = error.body as { details?: unknown } | null;
    const details = submitResponseSchema.shape.details.safeParse(body?.details);
    return {
      title: "The file failed validation",
      children: (
        <Stack gap="xs">
          {said && <Text size="sm">{said}</Text>}
          {details.success && <ValidationProblems details={details.data} />}
        </Stack>
      ),
    };
  }
  if (hasErrorCode(error, "submission.daily_limit")) {
    // Said here from the details, in the participant's zone; the server's sentence is in UTC.
    const details = dailyLimitDetailsSchema.safeParse(
      (error.body as { details?: unknown } | null)?.details,
    );
    const at = retryTime(error);
    return {
      title: "Daily limit reached",
      children: (
        <Stack gap={4}>
          <Text size="sm">
            {details.success ? GATE.limitBody(details.data.daily_limit) : GATE.limitTitle}
          </Text>
          {at && <Text size="sm">{GATE.canSubmitAgain(at)}</Text>}
        </Stack>
      ),
    };
  }
  if (hasErrorCode(error, "rate_limited")) {
    const at = retryTime(error);
    return {
      title: "Too many requests",
      children: (
        <Stack gap={4}>
          {said && <Text size="sm">{said}</Text>}
          {at && <Text size="sm">{GATE.canSubmitAgain(at)}</Text>}
        </Stack>
      ),
    };
  }
  if (hasErrorCode(error, "submission.paused")) {
    return {
      title: GATE.pausedTitle,
      children: (
        <Text size="sm" className={classes.wrap} style={{ whiteSpace: "pre-wrap" }}>
          {said ?? GATE.pausedFallback}
        </Text>
      ),
    };
  }
  if (hasErrorCode(error, "team.inactive")) {
    return {
      title: "Your team is not active yet",
      children: (
        <Text size="sm">{said ?? "An organizer has to start your team's competition."}</Text>
      ),
    };
  }
  if (hasErrorCode(error, "request.too_large")) {
    return { title: "The file is too large", children: <Text size="sm">{said}</Text> };
  }
  if (error instanceof ApiError && error.status === 401) {
    return {
      title: "Your session has ended",
      children: <Text size="sm">Sign in again, then submit your file.</Text>,
    };
  }
  if (error instanceof NetworkError) {
    return {
      title: "Upload failed",
      children: (
        <Text size="sm">
          {MESSAGES.networkError} Uploading the same file again is safe: it is not counted twice.
        </Text>
      ),
    };
  }
  return {
    title: "Upload failed",
    children: (
      <Text size="sm" className={classes.wrap}>
        {said ?? (error instanceof Error ? error.message : String(error))}
      </Text>
    ),
  };
}

/** Why the server did not store the file (or could not be asked). */
export function RefusedOutcome({ error }: { error: unknown }) {
  const { title, children } = refusal(error);
  return (
    <Alert color="red" variant="light" title={title}>
      {children}
    </Alert>
  );
}
