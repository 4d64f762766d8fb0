import type { CompetitionDefinition } from "@tandem/competition";

export type Draft = CompetitionDefinition;

/** Changes the edited definition: `recipe` gets a copy to change in place. */
export type EditDraft = (recipe: (draft: Draft) => void) => void;

/** What a section of the editor gets: the edited definition and the way to change it. */
export interface SectionProps {
  draft: Draft;
  edit: EditDraft;
}

/** The definition's JSON as sent: equal texts mean nothing changed. */
export const draftKey = (draft: Draft) => JSON.stringify(draft);
