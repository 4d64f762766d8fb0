import { Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { EXPORTS, exportPath } from "../../../api/admin/exports/requests";
import { saveDownload } from "../../../api/lib/download";
import { SectionCard } from "../../SectionCard";
import { adminFailure } from "../adminErrors";

/** The CSV exports, each fetched with the session and saved as a file. */
export function Exports() {
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (file: string) => {
    setBusy(file);
    try {
      await saveDownload(exportPath(file), file);
    } catch (error) {
      notifications.show({
        color: "red",
        title: `${file} could not be downloaded`,
        message: adminFailure(error),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <SectionCard id="exports-heading" title="Exports">
      <Group gap="md" align="flex-start">
        {EXPORTS.map((item) => (
          <Stack key={item.file} gap={4} align="flex-start">
            <Button
              variant="light"
              loading={busy === item.file}
              disabled={busy !== null && busy !== item.file}
              onClick={() => void download(item.file)}
            >
              {item.file}
            </Button>
            <Text size="xs" c="dimmed">
              {item.description}
            </Text>
          </Stack>
        ))}
      </Group>
    </SectionCard>
  );
}
