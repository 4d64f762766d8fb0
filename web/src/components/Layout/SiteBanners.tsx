import { Alert, Container, Stack, Text } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { usePublicConfig } from "../../api/config/hooks";
import { bannersOf, readDismissed, rememberDismissed } from "./banners";

// The Markdown renderer is fetched only when there is an announcement to show.
const Markdown = lazy(() => import("../Markdown"));

/**
 * On every page, from the public config: a warning while the organizers have paused
 * submissions (with their message), and their newest announcement, which a visitor may dismiss
 * for the rest of the browser session (a newer one shows again).
 */
export function SiteBanners() {
  const { data: config } = usePublicConfig();
  const [dismissed, setDismissed] = useState(readDismissed);
  const { paused, announcement } = bannersOf(config, dismissed);
  if (!paused && !announcement) return null;

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
        {announcement && (
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
