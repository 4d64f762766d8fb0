import { Stack } from "@mantine/core";
import { memo } from "react";
import type { Draft, EditDraft, PreviewedSectionProps } from "./draft";
import { AddButton, DraftText, RemoveButton, TextsCard } from "./fields";

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
  const n = index + 1;
  return (
    <Stack gap={6}>
      <DraftText
        path={`${at}.title`}
        label={`Slide ${n}: title`}
        value={slide.title}
        edit={edit}
        set={(d, title) => {
          d.site.hero.slides[index]!.title = title;
        }}
      />
      <DraftText
        path={`${at}.subtitle`}
        label={`Slide ${n}: subtitle`}
        minRows={2}
        value={slide.subtitle}
        edit={edit}
        set={(d, subtitle) => {
          d.site.hero.slides[index]!.subtitle = subtitle;
        }}
      />
      {removable && (
        <RemoveButton
          onClick={() =>
            edit((d) => {
              d.site.hero.slides.splice(index, 1);
            })
          }
        >
          Remove slide {n}
        </RemoveButton>
      )}
    </Stack>
  );
});

/** The landing page's hero (heading and rotating slides) and the conference banner. */
export function HeroTexts({ draft, edit, preview }: PreviewedSectionProps) {
  const hero = preview?.site.hero;
  const banner = preview?.site.conference_banner;

  return (
    <>
      <TextsCard
        id="hero-title"
        title="Landing page: hero"
        preview={{
          title: "hero",
          markdown: hero
            ? [
                `# ${hero.heading}`,
                ...hero.slides.map((s) => `**${s.title}**\n\n${s.subtitle}`),
              ].join("\n\n")
            : null,
        }}
      >
        <DraftText
          path="site.hero.heading"
          label="Heading"
          description="Placeholders such as {{edition}} are filled in."
          value={draft.site.hero.heading}
          edit={edit}
          set={(d, heading) => {
            d.site.hero.heading = heading;
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
        <AddButton
          onClick={() =>
            edit((d) => {
              d.site.hero.slides.push({ title: "", subtitle: "" });
            })
          }
        >
          Add a slide
        </AddButton>
      </TextsCard>

      <TextsCard
        id="banner-title"
        title="Landing page: conference banner"
        preview={{
          title: "conference banner",
          markdown: banner ? `### ${banner.title}\n\n${banner.text}` : null,
        }}
      >
        <DraftText
          path="site.conference_banner.title"
          label="Banner title"
          value={draft.site.conference_banner.title}
          edit={edit}
          set={(d, title) => {
            d.site.conference_banner.title = title;
          }}
        />
        <DraftText
          path="site.conference_banner.text"
          label="Banner text"
          minRows={3}
          value={draft.site.conference_banner.text}
          edit={edit}
          set={(d, text) => {
            d.site.conference_banner.text = text;
          }}
        />
      </TextsCard>
    </>
  );
}
