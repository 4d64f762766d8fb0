import { buildCompetition, type Competition } from "@tandem/competition";
import type { Draft } from "./draft";

const isMoment = (value: string) => !Number.isNaN(new Date(value).getTime());

/**
 * The edited definition resolved as the pages will resolve it (placeholders filled, dates
 * written in its zone), or null while it cannot be: `buildCompetition` trusts its input, and
 * writing a date that is not one throws. A webinar still being entered is left out.
 */
export function previewOf(draft: Draft): Competition | null {
  try {
    return buildCompetition({
      ...draft,
      webinars: draft.webinars.filter((webinar) => isMoment(webinar.starts_at)),
    });
  } catch {
    return null;
  }
}
