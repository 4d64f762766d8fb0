import { Button, Card, Divider, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import type { Competition } from "@tandem/competition";
import { Fragment, memo } from "react";
import { webinarHasTakenPlace } from "../../Dashboard/webinars";
import type { Draft, EditDraft, SectionProps } from "./draft";
import { useIssue } from "./issues";
import { TextPreview } from "./TextPreview";
import { ZonedDateTimeField } from "./ZonedDateTimeField";

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
  const at = `webinars.${index}`;
  const titleError = useIssue(`${at}.title`);
  const startError = useIssue(`${at}.starts_at`);
  const urlError = useIssue(`${at}.url`);
  const n = index + 1;
  return (
    <Stack gap={6}>
      <TextInput
        label={`Webinar ${n}: title`}
        value={webinar.title}
        error={titleError}
        onChange={(event) => {
          const title = event.currentTarget.value;
          edit((d) => {
            d.webinars[index]!.title = title;
          });
        }}
      />
      <ZonedDateTimeField
        label={`Webinar ${n}: starts`}
        value={webinar.starts_at}
        zone={zone}
        error={startError}
        onChange={(value) =>
          edit((d) => {
            d.webinars[index]!.starts_at = value ?? "";
          })
        }
      />
      <TextInput
        label={`Webinar ${n}: meeting link`}
        type="url"
        value={webinar.url}
        error={urlError}
        onChange={(event) => {
          const url = event.currentTarget.value;
          edit((d) => {
            d.webinars[index]!.url = url;
          });
        }}
      />
      <Button
        variant="subtle"
        color="red"
        size="xs"
        style={{ alignSelf: "flex-start" }}
        onClick={() =>
          edit((d) => {
            d.webinars.splice(index, 1);
          })
        }
      >
        Remove webinar {n}
      </Button>
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
export function WebinarTexts({
  draft,
  edit,
  preview,
}: SectionProps & { preview: Competition | null }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="webinars-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="webinars-title">
          Dashboard: webinars
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="sm">
            {draft.webinars.map((webinar, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: webinars have no id; the index is their place
              <Fragment key={index}>
                {index > 0 && <Divider />}
                <WebinarFields index={index} webinar={webinar} zone={draft.time_zone} edit={edit} />
              </Fragment>
            ))}
            <Button
              variant="light"
              size="xs"
              style={{ alignSelf: "flex-start" }}
              onClick={() =>
                edit((d) => {
                  d.webinars.push({ title: "", starts_at: "", url: "" });
                })
              }
            >
              Add a webinar
            </Button>
          </Stack>
          <TextPreview
            title="webinars"
            markdown={preview ? webinarsMarkdown(preview, new Date()) : null}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
