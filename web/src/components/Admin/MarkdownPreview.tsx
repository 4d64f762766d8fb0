import { Card, Stack, Text } from "@mantine/core";
import { useId } from "react";
import { Markdown } from "../Markdown";

interface MarkdownPreviewProps {
  /** The preview's heading, which names its region. */
  label: string;
  /** `null` while the text cannot be built (then `unavailable` says why). */
  markdown: string | null;
  unavailable?: string;
}

/** Markdown being written, shown as participants will see it. */
export function MarkdownPreview({ label, markdown, unavailable }: MarkdownPreviewProps) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <Card withBorder radius="sm" padding="sm" role="region" aria-labelledby={id}>
        {markdown?.trim() ? (
          <Markdown>{markdown}</Markdown>
        ) : (
          <Text size="sm" c="dimmed">
            {markdown === null ? unavailable : "Nothing to preview yet."}
          </Text>
        )}
      </Card>
    </Stack>
  );
}
