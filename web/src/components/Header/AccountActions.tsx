import { ActionIcon, Button, Group } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { useAuth } from "../../auth/AuthContext";
import { SettingsIcon } from "../icons";

const SettingsMenu = lazy(() => import("./SettingsMenu"));

interface AccountActionsProps {
  settingsOpened: boolean;
  onSettingsChange: (opened: boolean) => void;
  onLogout: (options?: { everywhere?: boolean }) => void;
}

/**
 * Right-hand side of the desktop header: the settings menu (colour scheme, and the account's
 * items once signed in) beside sign-in links, or beside Dashboard.
 */
export function AccountActions({
  settingsOpened,
  onSettingsChange,
  onLogout,
}: AccountActionsProps) {
  const { status, user } = useAuth();
  // Visitors fetch the menu's code on their first click, so the landing page's scripts do not grow.
  const [settingsWanted, setSettingsWanted] = useState(false);

  // Showing "Log In" to someone about to be recognised would flash the wrong buttons.
  if (status === "loading") return null;

  // Until the menu's code arrives, the same button records a click and the menu opens with it.
  const placeholder = (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Settings"
      onClick={() => {
        setSettingsWanted(true);
        onSettingsChange(true);
      }}
    >
      <SettingsIcon />
    </ActionIcon>
  );
  const settings =
    status === "authenticated" || settingsWanted ? (
      <Suspense fallback={placeholder}>
        <SettingsMenu opened={settingsOpened} onChange={onSettingsChange} onLogout={onLogout} />
      </Suspense>
    ) : (
      placeholder
    );

  if (status === "unauthenticated") {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to="/login" variant="default" size="sm">
          Log In
        </Button>
        <Button component={Link} to="/register" size="sm">
          Register
        </Button>
        {settings}
      </Group>
    );
  }

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
      {settings}
    </Group>
  );
}
