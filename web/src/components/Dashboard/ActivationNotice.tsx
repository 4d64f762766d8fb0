import { Alert, type AlertProps, Button, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  ACTIVATION_MESSAGE_MAX_LENGTH,
  ACTIVATION_MESSAGES,
  type TeamView,
} from "@tandem/contracts";
import { type ReactNode, useState } from "react";
import { hasErrorCode } from "../../api/client";
import { useRequestActivation } from "../../api/teams/hooks";
import { ConfirmModal } from "./ConfirmModal";
import classes from "./Dashboard.module.css";
import { formatDate } from "./format";
import { serverDetail } from "./teamErrors";

/** The browser remembers which activation a member dismissed the notice of (per team). */
const dismissedKey = (teamId: string) => `activation-notice-dismissed:${teamId}`;

function readDismissed(teamId: string): string | null {
  try {
    return window.localStorage.getItem(dismissedKey(teamId));
  } catch {
    return null;
  }
}

/** Where the team stands, announced politely when it changes. */
function StatusNotice(props: AlertProps) {
  return <Alert variant="light" role="status" {...props} />;
}

/** Text a member or organizer typed, kept as written (line breaks, long words wrapped). */
function TypedText({ children, mt }: { children: ReactNode; mt?: number }) {
  return (
    <Text size="sm" mt={mt} className={classes.wrapAnywhere} style={{ whiteSpace: "pre-wrap" }}>
      {children}
    </Text>
  );
}

function RequestActivationModal({
  opened,
  onClose,
  teamName,
}: {
  opened: boolean;
  onClose: () => void;
  teamName: string;
}) {
  const { trigger, isMutating } = useRequestActivation();
  const [message, setMessage] = useState("");
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const send = async () => {
    setFailure(null);
    try {
      const answer = await trigger(message);
      notifications.show({
        color: "green",
        title: "Activation requested",
        message: answer.message,
      });
      setMessage("");
      onClose();
    } catch (error) {
      // Already asked (by a teammate, in another tab) or already active: the dashboard, read
      // again by the mutation, now shows where the team stands.
      if (
        hasErrorCode(error, "team.activation_pending") ||
        hasErrorCode(error, "team.already_active")
      ) {
        notifications.show({
          color: "blue",
          title: "Nothing to ask",
          message: error.serverError ?? "",
        });
        onClose();
        return;
      }
      setFailure(serverDetail(error) ?? ACTIVATION_MESSAGES.activationRequestFailed);
    }
  };

  return (
    <ConfirmModal
      form
      opened={opened}
      onClose={close}
      title={`Ask to activate team "${teamName}"`}
      confirmLabel="Send request"
      loading={isMutating}
      error={
        failure ? { title: ACTIVATION_MESSAGES.activationRequestFailed, detail: failure } : null
      }
      onConfirm={() => void send()}
    >
      <Text size="sm">
        The organizers see your request in their console. Your team can ask once; they answer here
        and by e-mail to every member.
      </Text>
      <Textarea
        label={ACTIVATION_MESSAGES.activationMessageLabel}
        description="For example who you are and when you plan to start."
        autosize
        minRows={3}
        maxLength={ACTIVATION_MESSAGE_MAX_LENGTH}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        data-autofocus
      />
    </ConfirmModal>
  );
}

/**
 * Where the team stands on activation (issue 33): how to ask, the request waiting for an
 * answer, a declined request with the reason and what to do, and a dismissible notice once an
 * organizer activated the team.
 */
export function ActivationNotice({ team, isAdmin }: { team: TeamView; isAdmin: boolean }) {
  const [asking, setAsking] = useState(false);
  const [dismissed, setDismissed] = useState(() => readDismissed(team.id));
  const request = team.activation_request ?? null;

  if (team.disqualified) return null;

  if (team.status === "active") {
    if (!team.activated_at || dismissed === team.activated_at) return null;
    const dismiss = () => {
      try {
        window.localStorage.setItem(dismissedKey(team.id), team.activated_at ?? "");
      } catch {
        // Blocked storage: the notice comes back on the next visit.
      }
      setDismissed(team.activated_at);
    };
    return (
      <StatusNotice
        color="green"
        title={ACTIVATION_MESSAGES.activatedTitle}
        withCloseButton
        closeButtonLabel="Dismiss the activation notice"
        onClose={dismiss}
      >
        <Text size="sm">
          {ACTIVATION_MESSAGES.activatedNotice} Activated on{" "}
          <time dateTime={team.activated_at}>{formatDate(team.activated_at)}</time>.
        </Text>
      </StatusNotice>
    );
  }

  // Organizers activate their own team from the card's actions.
  if (isAdmin) {
    return (
      <Text size="sm" c="dimmed">
        Activating the team starts its competition timer and enables submissions.
      </Text>
    );
  }

  const modal = (
    <RequestActivationModal
      opened={asking}
      onClose={() => setAsking(false)}
      teamName={team.team_name}
    />
  );

  if (request?.state === "waiting") {
    return (
      <StatusNotice color="blue" title={ACTIVATION_MESSAGES.activationWaitingTitle}>
        <Text size="sm">
          Your team asked on{" "}
          <time dateTime={request.requested_at}>{formatDate(request.requested_at)}</time> and is
          waiting for an organizer. The answer appears here, and every member gets an e-mail.
        </Text>
        {request.message && <TypedText mt={4}>Your message: {request.message}</TypedText>}
      </StatusNotice>
    );
  }

  if (request?.state === "declined") {
    return (
      <StatusNotice color="orange" title={ACTIVATION_MESSAGES.activationDeclinedTitle}>
        <Stack gap={6} align="flex-start">
          <TypedText>Reason: {request.decline_reason ?? "none given."}</TypedText>
          <Text size="sm">{ACTIVATION_MESSAGES.activationDeclinedWhatToDo}</Text>
          <Button size="xs" variant="light" color="orange" onClick={() => setAsking(true)}>
            {ACTIVATION_MESSAGES.activationAskAgain}
          </Button>
        </Stack>
        {modal}
      </StatusNotice>
    );
  }

  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm" c="dimmed">
        An organizer activates teams. Activation starts the competition timer and enables
        submissions. Ask for it once your team is ready.
      </Text>
      <Button size="xs" variant="light" onClick={() => setAsking(true)}>
        {ACTIVATION_MESSAGES.activationAsk}
      </Button>
      {modal}
    </Stack>
  );
}
