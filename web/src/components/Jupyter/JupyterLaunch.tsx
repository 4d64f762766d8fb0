import { Alert, Button, Stack, Text } from "@mantine/core";
import { JUPYTER_MESSAGES, TEAM_MESSAGES } from "@tandem/contracts";
import { useId, useState } from "react";
import { usePublicConfig } from "../../api/config/hooks";
import { useJupyterToken } from "../../api/teams/hooks";
import { useAuth } from "../../auth/AuthContext";
import classes from "../Dashboard/Dashboard.module.css";
import { NotebookIcon } from "../Dashboard/icons";
import { jupyterErrorMessage } from "../Dashboard/teamErrors";

/** Why the button is disabled, or null when it may be pressed (or the config is still loading). */
export function jupyterBlockedReason(isAdmin: boolean, hubUrl: string | null): string | null {
  if (!isAdmin) return JUPYTER_MESSAGES.organizersOnly;
  if (hubUrl === null) return JUPYTER_MESSAGES.notConfigured;
  return null;
}

interface JupyterLaunchProps {
  variant?: "filled" | "light";
}

/**
 * Launch JupyterHub (admins launch it: docs/product.md#roles-and-permissions), on the
 * dashboard's team card and in the console. Shown to everyone, enabled only for organizers on a
 * deployment with a hub; otherwise disabled with the reason under it (issue 33): "organizers only"
 * to participants, the setting to set to organizers. The gateway checks again and its refusals keep
 * the spec's messages.
 */
export function JupyterLaunch({ variant = "filled" }: JupyterLaunchProps) {
  const { user } = useAuth();
  const { data: config } = usePublicConfig();
  const { trigger: requestHubToken, isMutating: launching } = useJupyterToken();
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const isAdmin = user?.admin_access === true;
  const reason = config ? jupyterBlockedReason(isAdmin, config.jupyterhub_url) : null;

  const launch = async () => {
    setError(null);
    try {
      const opened = await requestHubToken();
      if (!opened) {
        setError(TEAM_MESSAGES.jupyterInvalidResponse);
        return;
      }
      // Still inside the click's user activation (the token call is quick), so not a blocked popup.
      window.open(opened.jupyterhubUrl, "_blank", "noopener,noreferrer");
    } catch (failure) {
      setError(jupyterErrorMessage(failure));
    }
  };

  return (
    <Stack gap={4} className={classes.launch}>
      <Button
        variant={variant}
        leftSection={<NotebookIcon />}
        loading={launching}
        disabled={!config || reason !== null}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => void launch()}
      >
        Launch JupyterHub
      </Button>
      {reason && (
        <Text id={reasonId} size="xs" c="dimmed" maw="28rem">
          {reason}
        </Text>
      )}
      {error && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
    </Stack>
  );
}
