import { Button, Card, SimpleGrid, Stack, Textarea, TextInput, Title } from "@mantine/core";
import type { Competition } from "@tandem/competition";
import { memo } from "react";
import type { Draft, EditDraft, SectionProps } from "./draft";
import { useIssue } from "./issues";
import { TextPreview } from "./TextPreview";

type Slide = Draft["site"]["hero"]["slides"][number];

const SlideFields = memo(function SlideFields({
  index,
  slide,
  removable,
  edit,
}: {
  index: number;
  slide: Slide;
  removable: boolean;
  edit: EditDraft;
}) {
  const at = `site.hero.slides.${index}`;
  const titleError = useIssue(`${at}.title`);
  const subtitleError = useIssue(`${at}.subtitle`);
  const n = index + 1;
  return (
    <Stack gap={6}>
      <TextInput
        label={`Slide ${n}: title`}
        value={slide.title}
        error={titleError}
        onChange={(event) => {
          const title = event.currentTarget.value;
          edit((d) => {
            d.site.hero.slides[index]!.title = title;
          });
        }}
      />
      <Textarea
        label={`Slide ${n}: subtitle`}
        autosize
        minRows={2}
        value={slide.subtitle}
        error={subtitleError}
        onChange={(event) => {
          const subtitle = event.currentTarget.value;
          edit((d) => {
            d.site.hero.slides[index]!.subtitle = subtitle;
          });
        }}
      />
      {removable && (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          style={{ alignSelf: "flex-start" }}
          onClick={() =>
            edit((d) => {
              d.site.hero.slides.splice(index, 1);
            })
          }
        >
          Remove slide {n}
        </Button>
      )}
    </Stack>
  );
});

/** The landing page's hero (heading and rotating slides) and the conference banner. */
export function HeroTexts({
  draft,
  edit,
  preview,
}: SectionProps & { preview: Competition | null }) {
  const headingError = useIssue("site.hero.heading");
  const bannerTitleError = useIssue("site.conference_banner.title");
  const bannerTextError = useIssue("site.conference_banner.text");
  const hero = preview?.site.hero;
  const banner = preview?.site.conference_banner;

  return (
    <>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="hero-title">
        <Stack gap="sm">
          <Title order={3} size="h5" id="hero-title">
            Landing page: hero
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="sm">
              <TextInput
                label="Heading"
                description="Placeholders such as {{edition}} are filled in."
                value={draft.site.hero.heading}
                error={headingError}
                onChange={(event) => {
                  const heading = event.currentTarget.value;
                  edit((d) => {
                    d.site.hero.heading = heading;
                  });
                }}
              />
              {draft.site.hero.slides.map((slide, index) => (
                <SlideFields
                  // biome-ignore lint/suspicious/noArrayIndexKey: slides have no id; the index is their place
                  key={index}
                  index={index}
                  slide={slide}
                  removable={draft.site.hero.slides.length > 1}
                  edit={edit}
                />
              ))}
              <Button
                variant="light"
                size="xs"
                style={{ alignSelf: "flex-start" }}
                onClick={() =>
                  edit((d) => {
                    d.site.hero.slides.push({ title: "", subtitle: "" });
                  })
                }
              >
                Add a slide
              </Button>
            </Stack>
            <TextPreview
              title="hero"
              markdown={
                hero
                  ? [
                      `# ${hero.heading}`,
                      ...hero.slides.map((s) => `**${s.title}**\n\n${s.subtitle}`),
                    ].join("\n\n")
                  : null
              }
            />
          </SimpleGrid>
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="banner-title">
        <Stack gap="sm">
          <Title order={3} size="h5" id="banner-title">
            Landing page: conference banner
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="sm">
              <TextInput
                label="Banner title"
                value={draft.site.conference_banner.title}
                error={bannerTitleError}
                onChange={(event) => {
                  const title = event.currentTarget.value;
                  edit((d) => {
                    d.site.conference_banner.title = title;
                  });
                }}
              />
              <Textarea
                label="Banner text"
                autosize
                minRows={3}
                value={draft.site.conference_banner.text}
                error={bannerTextError}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  edit((d) => {
                    d.site.conference_banner.text = text;
                  });
                }}
              />
            </Stack>
            <TextPreview
              title="conference banner"
              markdown={banner ? `### ${banner.title}\n\n${banner.text}` : null}
            />
          </SimpleGrid>
        </Stack>
      </Card>
    </>
  );
}
