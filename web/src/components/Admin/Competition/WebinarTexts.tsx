import { Divider, Stack } from "@mantine/core";
import type { Competition } from "@tandem/competition";
import { Fragment, memo } from "react";
import { webinarHasTakenPlace } from "../../Dashboard/webinars";
import type { Draft, EditDraft, PreviewedSectionProps } from "./draft";
import { AddButton, DraftMoment, DraftText, draftPlaces, RemoveButton, TextsCard } from "./fields";

const WebinarFields = memo(function WebinarFields({
  index,
  webinar,
  zone,
  edit,
}: {
  index: number;
  webinar: Draft["webinars"][number];
  zone: Draft["time_zone"];
  edit: EditDraft;
}) {
  const place = draftPlaces(edit, `webinars.${index}`, webinar, (d) => d.webinars[index]!);
  const n = index + 1;
  return (
    <Stack gap={6}>
      <DraftText label={`Webinar ${n}: title`} {...place("title")} />
      <DraftMoment label={`Webinar ${n}: starts`} zone={zone} {...place("starts_at")} />
      <DraftText label={`Webinar ${n}: meeting link`} type="url" {...place("url")} />
      <RemoveButton
        onClick={() =>
          edit((d) => {
            d.webinars.splice(index, 1);
          })
        }
      >
        Remove webinar {n}
      </RemoveButton>
    </Stack>
  );
});

/** As the dashboard lists them: a meeting link until each has taken place, then the recording. */
function webinarsMarkdown(preview: Competition, now: Date): string {
  const { recording } = preview.definition.resources;
  const past = preview.webinars.filter((w) => webinarHasTakenPlace(w.startsAt, now));
  const lines = preview.webinars.map((w) =>
    past.includes(w)
      ? `- **${w.title}**: took place on ${w.when}`
      : `- **${w.title}**, ${w.when}: [Join meeting](${w.url})`,
  );
  if (past.length > 0) lines.push("", `[${recording.label}](${recording.url})`);
  return lines.join("\n");
}

/** The dashboard's webinars: a meeting link until each has taken place. */
export function WebinarTexts({ draft, edit, preview }: PreviewedSectionProps) {
  return (
    <TextsCard
      id="webinars-title"
      title="Dashboard: webinars"
      preview={{
        title: "webinars",
        markdown: preview ? webinarsMarkdown(preview, new Date()) : null,
      }}
    >
      {draft.webinars.map((webinar, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: webinars have no id; the index is their place
        <Fragment key={index}>
          {index > 0 && <Divider />}
          <WebinarFields index={index} webinar={webinar} zone={draft.time_zone} edit={edit} />
        </Fragment>
      ))}
      <AddButton
        onClick={() =>
          edit((d) => {
            d.webinars.push({ title: "", starts_at: "", url: "" });
          })
        }
      >
        Add a webinar
      </AddButton>
    </TextsCard>
  );
}
