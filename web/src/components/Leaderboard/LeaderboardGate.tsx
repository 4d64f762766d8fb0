import { Alert, Button, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { AuthChecking } from "../../auth/AuthChecking";
import { useAuth } from "../../auth/AuthContext";
import { returnTo } from "../../auth/redirect";

interface LeaderboardGateProps {
  loginMessage: string;
  adminMessage: string;
  children: ReactNode;
}

/**
 * Leaderboards are admin only (SPEC.md §6), but unlike protected routes they explain in place
 * why nothing is shown instead of redirecting. The server enforces the same rule (403).
 */
export function LeaderboardGate({ loginMessage, adminMessage, children }: LeaderboardGateProps) {
  const { status, user } = useAuth();
  const location = useLocation();

  if (status === "loading") return <AuthChecking minHeight="30vh" />;
  if (status === "unauthenticated") {
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

  if (user?.admin_access !== true) return <AdminRequired message={adminMessage} />;

  return children;
}

export function AdminRequired({ message }: { message: string }) {
  return (
    <Alert color="orange" variant="light" title="Restricted">
      <Text size="sm">{message}</Text>
    </Alert>
  );
}
