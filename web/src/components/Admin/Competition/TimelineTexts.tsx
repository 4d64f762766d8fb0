import { Button, Group, Select } from "@mantine/core";
import { memo } from "react";
import type { Draft, EditDraft, PreviewedSectionProps } from "./draft";
import { AddButton, DraftText, draftPlaces, TextsCard } from "./fields";
import { useIssue } from "./issues";

/** The dates a timeline entry may name, as the definition spells them. */
function dateChoices(phases: Draft["phases"], current: string) {
  const choices = [
    { value: "registration_opens", label: "Registration opens" },
    ...phases.flatMap((phase) => [
      { value: `${phase.id}.starts_at`, label: `${phase.name || phase.id} starts` },
      { value: `${phase.id}.ends_at`, label: `${phase.name || phase.id} ends` },
    ]),
    { value: "winners", label: "Winners announced" },
    { value: "workshop", label: "Workshop" },
  ];
  // A name that resolves to nothing stays listed: the validation reports it.
  if (current && !choices.some((c) => c.value === current)) {
    choices.push({ value: current, label: current });
  }
  return choices.map((c) => ({ value: c.value, label: `${c.label} (${c.value})` }));
}

const EntryFields = memo(function EntryFields({
  index,
  entry,
  phases,
  edit,
}: {
  index: number;
  entry: Draft["timeline"][number];
  phases: Draft["phases"];
  edit: EditDraft;
}) {
  const dateError = useIssue(`timeline.${index}.date`);
  const text = draftPlaces(edit, `timeline.${index}`, entry, (d) => d.timeline[index]!);
  const n = index + 1;
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <Select
        label={`Entry ${n}: date`}
        data={dateChoices(phases, entry.date)}
        value={entry.date}
        error={dateError}
        allowDeselect={false}
        onChange={(date) =>
          edit((d) => {
            d.timeline[index]!.date = date ?? "";
          })
        }
        style={{ flex: "1 1 200px" }}
      />
      <DraftText label={`Entry ${n}: event`} {...text("event")} style={{ flex: "1 1 200px" }} />
      <Button
        variant="subtle"
        color="red"
        size="xs"
        mt={28}
        aria-label={`Remove timeline entry ${n}`}
        onClick={() =>
          edit((d) => {
            d.timeline.splice(index, 1);
          })
        }
      >
        Remove
      </Button>
    </Group>
  );
});

/** The landing page's timeline: each entry names a date of the definition, so it follows it. */
export function TimelineTexts({ draft, edit, preview }: PreviewedSectionProps) {
  return (
    <TextsCard
      id="timeline-title"
      title="Landing page and Rules: timeline"
      preview={{
        title: "timeline",
        markdown: preview
          ? preview.timeline.map((e) => `- **${e.date}**: ${e.event}`).join("\n")
          : null,
      }}
    >
      {draft.timeline.map((entry, index) => (
        <EntryFields
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the index is their place
          key={index}
          index={index}
          entry={entry}
          phases={draft.phases}
          edit={edit}
        />
      ))}
      <AddButton
        onClick={() =>
          edit((d) => {
            d.timeline.push({ date: "registration_opens", event: "" });
          })
        }
      >
        Add an entry
      </AddButton>
    </TextsCard>
  );
}
