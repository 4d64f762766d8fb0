import { ActionIcon, Button, Group } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useAuth } from "../../auth/AuthContext";
import { SettingsIcon } from "../icons";

const SettingsMenu = lazy(() => import("./SettingsMenu"));

interface AccountActionsProps {
  settingsOpened: boolean;
  onSettingsChange: (opened: boolean) => void;
  onLogout: (options?: { everywhere?: boolean }) => void;
}

/** Right-hand side of the desktop header: sign-in links, or Dashboard and the settings menu. */
export function AccountActions({
  settingsOpened,
  onSettingsChange,
  onLogout,
}: AccountActionsProps) {
  const { status, user } = useAuth();

  // Showing "Log In" to someone about to be recognised would flash the wrong buttons.
  if (status === "loading") return null;

  if (status === "unauthenticated") {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to="/login" variant="default" size="sm">
          Log In
        </Button>
        <Button component={Link} to="/register" size="sm">
          Register
        </Button>
      </Group>
    );
  }

  // Until the menu's code arrives, the same button records a click and the menu opens with it.
  const placeholder = (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Settings"
      onClick={() => onSettingsChange(true)}
    >
      <SettingsIcon />
    </ActionIcon>
  );

  return (
    <Group gap="xs" wrap="nowrap">
      {user?.admin_access === true && (
        <Button component={Link} to="/admin" variant="default" size="sm">
          Console
        </Button>
      )}
      <Button component={Link} to="/dashboard" size="sm">
        Dashboard
      </Button>
      <Suspense fallback={placeholder}>
        <SettingsMenu opened={settingsOpened} onChange={onSettingsChange} onLogout={onLogout} />
      </Suspense>
    </Group>
  );
}
