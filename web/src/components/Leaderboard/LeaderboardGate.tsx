import { Alert, Button, Stack, Text } from "@mantine/core";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { AuthChecking } from "../../auth/AuthChecking";
import { returnTo } from "../../auth/redirect";
import { useLeaderboardAccess } from "./access";

interface LeaderboardGateProps {
  loginMessage: string;
  adminMessage: string;
  children: ReactNode;
}

/**
 * Leaderboards are open to whom the definition's `leaderboard_visibility` says
 * (docs/product.md#leaderboard-visibility: organizers only, the default), but unlike protected
 * routes they explain in place why nothing is shown, and what to do, instead of redirecting. The
 * server enforces the same rule.
 */
export function LeaderboardGate({ loginMessage, adminMessage, children }: LeaderboardGateProps) {
  const access = useLeaderboardAccess();
  const location = useLocation();

  if (access === "checking") return <AuthChecking minHeight="30vh" />;
  if (access === "login") {
    return (
      <Alert color="blue" variant="light" title="Sign-in required">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{loginMessage}</Text>
          <Button component={Link} to="/login" state={returnTo(location)} size="xs">
            Log In
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (access === "organizers") return <AdminRequired message={adminMessage} />;
  if (access === "team") return <TeamRequired />;
  return children;
}

export function AdminRequired({ message }: { message: string }) {
  return (
    <Alert color="orange" variant="light" title="Restricted">
      <Text size="sm">{message}</Text>
    </Alert>
  );
}

/** A signed-in participant without a team, where the leaderboards are open to team members. */
export function TeamRequired() {
  return (
    <Alert color="blue" variant="light" title={LEADERBOARD_MESSAGES.teamRequiredTitle}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{LEADERBOARD_MESSAGES.teamRequired}</Text>
        <Button component={Link} to="/dashboard" size="xs">
          {LEADERBOARD_MESSAGES.teamRequiredAction}
        </Button>
      </Stack>
    </Alert>
  );
}
