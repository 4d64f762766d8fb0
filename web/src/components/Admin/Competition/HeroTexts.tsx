import { Stack } from "@mantine/core";
import { memo } from "react";
import type { Draft, EditDraft, PreviewedSectionProps } from "./draft";
import { AddButton, DraftText, draftPlaces, RemoveButton, TextsCard } from "./fields";

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
  const text = draftPlaces(
    edit,
    `site.hero.slides.${index}`,
    slide,
    (d) => d.site.hero.slides[index]!,
  );
  const n = index + 1;
  return (
    <Stack gap={6}>
      <DraftText label={`Slide ${n}: title`} {...text("title")} />
      <DraftText label={`Slide ${n}: subtitle`} minRows={2} {...text("subtitle")} />
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
  const heroText = draftPlaces(edit, "site.hero", draft.site.hero, (d) => d.site.hero);
  const bannerText = draftPlaces(
    edit,
    "site.conference_banner",
    draft.site.conference_banner,
    (d) => d.site.conference_banner,
  );

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
          label="Heading"
          description="Placeholders such as {{edition}} are filled in."
          {...heroText("heading")}
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
        <DraftText label="Banner title" {...bannerText("title")} />
        <DraftText label="Banner text" minRows={3} {...bannerText("text")} />
      </TextsCard>
    </>
  );
}
