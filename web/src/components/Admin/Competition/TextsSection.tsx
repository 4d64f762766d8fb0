import { Stack, Text } from "@mantine/core";
import { useDeferredValue, useMemo } from "react";
import type { SectionProps } from "./draft";
import { HeroTexts } from "./HeroTexts";
import { previewOf } from "./preview";
import { RulesTexts } from "./RulesTexts";
import { TimelineTexts } from "./TimelineTexts";
import { WebinarTexts } from "./WebinarTexts";

/** The edition's texts, each beside its preview as the pages will show it. */
export function TextsSection({ draft, edit }: SectionProps) {
  // The preview may trail the typing by a render: the fields never wait for it.
  const deferred = useDeferredValue(draft);
  const preview = useMemo(() => previewOf(deferred), [deferred]);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Texts may name the definition's facts as placeholders, e.g. {"{{opens_at}}"},{" "}
        {"{{closes_at}}"}, {"{{tz_name}}"}, {"{{edition}}"} or {"{{final_picks}}"}: the pages fill
        them in, so they follow the dates. Backticks mark `code`.
      </Text>
      <HeroTexts draft={draft} edit={edit} preview={preview} />
      <TimelineTexts draft={draft} edit={edit} preview={preview} />
      <RulesTexts draft={draft} edit={edit} preview={preview} />
      <WebinarTexts draft={draft} edit={edit} preview={preview} />
    </Stack>
  );
}
