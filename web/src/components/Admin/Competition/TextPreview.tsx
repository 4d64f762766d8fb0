import { Card, Stack, Text } from "@mantine/core";
import { memo, useId } from "react";
import { Markdown } from "../../Markdown";

/**
 * Edited copy as the pages will show it, placeholders filled from the edited definition;
 * `markdown` null when the definition cannot be built yet (the issues say why).
 */
export const TextPreview = memo(function TextPreview({
  title,
  markdown,
}: {
  title: string;
  markdown: string | null;
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        Preview: {title}
      </Text>
      <Card withBorder radius="sm" padding="sm" role="region" aria-labelledby={id}>
        {markdown === null ? (
          <Text size="sm" c="dimmed">
            No preview until the dates and time zone are valid.
          </Text>
        ) : markdown.trim() ? (
          <Markdown>{markdown}</Markdown>
        ) : (
          <Text size="sm" c="dimmed">
            Nothing to preview yet.
          </Text>
        )}
      </Card>
    </Stack>
  );
});
