import { Group, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AdminUserRow } from "@tandem/contracts";
import { useState } from "react";
import { useUserAction } from "../../../api/admin/users/hooks";
import { type ActionError, ConfirmModal } from "../../Dashboard/ConfirmModal";
import { adminFailure } from "../adminErrors";
import { ConfirmButton } from "../ConfirmButton";

/** Grant or revoke admin access with a switch, asked about first. */
function AdminSwitch({ user }: { user: AdminUserRow }) {
  const { trigger } = useUserAction();
  const [opened, setOpened] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ActionError | null>(null);
  const grant = !user.admin_access;

  const confirm = async () => {
    setLoading(true);
    setError(null);
    try {
      await trigger({ userId: user.id, action: { kind: "admin", adminAccess: grant } });
      setOpened(false);
      notifications.show({
        color: "green",
        title: grant ? "Admin access granted" : "Admin access revoked",
        message: `${user.username} ${grant ? "is now an organizer" : "is no longer an organizer"}.`,
      });
    } catch (caught) {
      setError({
        title: grant ? "Admin access could not be granted" : "Admin access could not be revoked",
        detail: adminFailure(caught),
      });
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Switch
        label="Admin"
        aria-label={`Admin access for ${user.username}`}
        checked={user.admin_access}
        onChange={() => {
          setError(null);
          setOpened(true);
        }}
      />
      <ConfirmModal
        opened={opened}
        title={
          grant ? `Make ${user.username} an organizer?` : `Revoke ${user.username}'s admin access?`
        }
        confirmLabel={grant ? "Grant admin access" : "Revoke admin access"}
        confirmColor={grant ? undefined : "red"}
        loading={loading}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => setOpened(false)}
      >
        <Text size="sm">
          {grant
            ? "Organizers see every team, submission and the rankings, and can change all of them."
            : "The change takes effect at once, on every session of the account."}
        </Text>
      </ConfirmModal>
    </>
  );
}

/** Enabling and disabling an account: the same confirmation, worded for each. */
const ACCOUNT_ACTIONS = {
  enable: {
    label: "Enable",
    color: "green",
    failed: "The account could not be enabled",
    done: "Account enabled",
    outcome: (username: string) => `${username} can sign in again.`,
    explanation: "The account can sign in again.",
  },
  disable: {
    label: "Disable",
    color: "red",
    failed: "The account could not be disabled",
    done: "Account disabled",
    outcome: (username: string) => `${username} is signed out everywhere.`,
    explanation:
      "The account is signed out everywhere and cannot sign in until it is enabled again.",
  },
} as const;

export function UserActions({ user }: { user: AdminUserRow }) {
  const { trigger } = useUserAction();
  const kind = user.status === "disabled" ? "enable" : "disable";
  const action = ACCOUNT_ACTIONS[kind];
  return (
    <Group gap="sm" wrap="nowrap">
      <AdminSwitch user={user} />
      <ConfirmButton
        label={action.label}
        ariaLabel={`${action.label} ${user.username}`}
        size="xs"
        color={action.color}
        title={`${action.label} ${user.username}?`}
        confirmLabel={`${action.label} account`}
        failed={action.failed}
        run={async () => {
          await trigger({ userId: user.id, action: { kind } });
          return { title: action.done, message: action.outcome(user.username) };
        }}
      >
        {action.explanation}
      </ConfirmButton>
    </Group>
  );
}
