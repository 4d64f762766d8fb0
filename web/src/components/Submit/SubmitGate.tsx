import { Alert, Text } from "@mantine/core";
import { formatReset } from "../../competition/participantClock";
import { SUBMIT_GATE_MESSAGES as M } from "./gateMessages";
import type { ChallengeQuota } from "./useChallengeQuota";

/** Why the dialog takes no file now, or null when it does. */
export type GateClosed = { reason: "paused"; message: string | null } | { reason: "limit" };

export function gateOf(
  pause: { paused: boolean; message: string | null },
  quota: ChallengeQuota | null,
): GateClosed | null {
  if (pause.paused) return { reason: "paused", message: pause.message };
  if (quota && quota.remaining <= 0) return { reason: "limit" };
  return null;
}

interface SubmitGateProps {
  quota: ChallengeQuota | null;
  closed: GateClosed | null;
  now: Date;
  zone: string;
  /** Id of the reason, for the disabled controls' aria-describedby. */
  reasonId: string;
}

/**
 * Before any upload: today's quota on the challenge with its reset in the participant's zone,
 * and, when the dialog takes no file, why (the organizers' pause message, or the limit used up).
 */
export function SubmitGate({ quota, closed, now, zone, reasonId }: SubmitGateProps) {
  const resets = quota ? formatReset(quota.resetsAt, now, zone) : null;
  if (closed?.reason === "paused") {
    return (
      <Alert color="orange" variant="light" title={M.pausedTitle} id={reasonId} role="status">
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {closed.message ?? M.pausedFallback}
        </Text>
      </Alert>
    );
  }
  if (closed?.reason === "limit" && quota) {
    return (
      <Alert color="orange" variant="light" title={M.limitTitle} id={reasonId} role="status">
        <Text size="sm">{M.limitBody(quota.limit)}</Text>
        {resets && <Text size="sm">{M.canSubmitAgain(resets)}</Text>}
      </Alert>
    );
  }
  if (!quota) return null;
  return (
    <Text size="sm" data-testid="submit-quota">
      <strong>{M.quotaLeft(quota.remaining, quota.limit)}</strong>, resets {resets}.
    </Text>
  );
}
