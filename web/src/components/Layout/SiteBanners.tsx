import { Alert, Container, Stack, Text } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { usePublicConfig } from "../../api/config/hooks";

// The Markdown renderer is fetched only when there is an announcement to show.
const Markdown = lazy(() => import("../Markdown"));

const DISMISSED_KEY = "tandem.announcement.dismissed";

function readDismissed(): string | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    // Storage refused (privacy mode): the banner just cannot stay dismissed.
    return null;
  }
}

function rememberDismissed(id: string) {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, id);
  } catch {
    // As above.
  }
}

/**
 * On every page, from the public config: a warning while the organizers have paused
 * submissions (with their message), and their newest announcement, which a visitor may dismiss
 * for the rest of the browser session (a newer one shows again).
 */
export function SiteBanners() {
  const { data: config } = usePublicConfig();
  const [dismissed, setDismissed] = useState(readDismissed);
  const announcement = config?.announcement ?? null;
  const showAnnouncement = announcement !== null && announcement.id !== dismissed;
  const paused = config?.submissions_paused === true;
  if (!paused && !showAnnouncement) return null;

  return (
    <Container size="xl" pt="sm">
      <Stack gap="xs">
        {paused && (
          <Alert color="orange" variant="light" title="Submissions are paused" role="status">
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {config?.pause_message ?? "The organizers have paused submissions for now."}
            </Text>
          </Alert>
        )}
        {showAnnouncement && (
          <Alert
            color="blue"
            variant="light"
            title="Announcement"
            role="region"
            aria-label="Announcement"
            withCloseButton
            closeButtonLabel="Dismiss announcement"
            onClose={() => {
              rememberDismissed(announcement.id);
              setDismissed(announcement.id);
            }}
          >
            <Suspense fallback={null}>
              <Markdown>{announcement.body}</Markdown>
            </Suspense>
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
