import type { Competition, TextSection } from "@tandem/competition";
import { memo } from "react";
import type { Draft, EditDraft, PreviewedSectionProps } from "./draft";
import { DraftText, draftPlaces, TextsCard } from "./fields";
import { useIssue } from "./issues";
import { LinesField } from "./LinesField";

const DYNAMIC = {
  timeline: "the timeline table",
  metrics: "the table of metrics",
  prizes: "the prize tables",
} as const;

/** A rules section as the Rules page renders it (its tables named, not drawn). */
function sectionMarkdown(section: TextSection & { dynamic?: keyof typeof DYNAMIC | undefined }) {
  return [
    `### ${section.title}`,
    ...section.paragraphs,
    (section.bullets ?? []).map((bullet) => `- ${bullet}`).join("\n"),
    section.dynamic ? `*Followed by ${DYNAMIC[section.dynamic]}, built from the definition.*` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
}

type RulesSection = Draft["site"]["rules"]["sections"][number];

const RulesSectionCard = memo(function RulesSectionCard({
  index,
  section,
  edit,
  markdown,
}: {
  index: number;
  section: RulesSection;
  edit: EditDraft;
  markdown: string | null;
}) {
  const at = `site.rules.sections.${index}`;
  const paragraphsError = useIssue(`${at}.paragraphs`);
  const bulletsError = useIssue(`${at}.bullets`);
  const text = draftPlaces(edit, at, section, (d) => d.site.rules.sections[index]!);
  const name = section.title || section.id;
  return (
    <TextsCard
      id={`rules-${section.id}-title`}
      title={`Rules: ${name}`}
      preview={{ title: name, markdown }}
    >
      <DraftText label="Section title" {...text("title")} />
      <LinesField
        label="Paragraphs"
        description="A blank line starts a new paragraph. Placeholders such as {{closes_at}} are filled in."
        split="paragraphs"
        value={section.paragraphs}
        error={paragraphsError}
        onChange={(paragraphs) =>
          edit((d) => {
            d.site.rules.sections[index]!.paragraphs = paragraphs;
          })
        }
      />
      <LinesField
        label="Bullets"
        description="One bullet per line; none: no list."
        split="lines"
        value={section.bullets ?? []}
        error={bulletsError}
        onChange={(bullets) =>
          edit((d) => {
            const target = d.site.rules.sections[index]!;
            if (bullets.length > 0) target.bullets = bullets;
            else delete target.bullets;
          })
        }
      />
    </TextsCard>
  );
});

function filledMarkdown(preview: Competition | null, index: number): string | null {
  const filled = preview?.site.rules.sections[index];
  return filled ? sectionMarkdown(filled) : null;
}

/** The Rules page's sections: titles, paragraphs and bullets, with their preview. */
export function RulesTexts({ draft, edit, preview }: PreviewedSectionProps) {
  return (
    <>
      {draft.site.rules.sections.map((section, index) => (
        <RulesSectionCard
          key={section.id}
          index={index}
          section={section}
          edit={edit}
          markdown={filledMarkdown(preview, index)}
        />
      ))}
    </>
  );
}
