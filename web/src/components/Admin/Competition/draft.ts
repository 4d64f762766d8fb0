import type { Competition, CompetitionDefinition } from "@tandem/competition";

export type Draft = CompetitionDefinition;

/** Changes the edited definition: `recipe` gets a copy to change in place. */
export type EditDraft = (recipe: (draft: Draft) => void) => void;

/** What a section of the editor gets: the edited definition and the way to change it. */
export interface SectionProps {
  draft: Draft;
  edit: EditDraft;
}

/** A texts section, with the competition as the draft would make it (null until it is valid). */
export interface PreviewedSectionProps extends SectionProps {
  preview: Competition | null;
}

/** The definition's JSON as sent: equal texts mean nothing changed. */
export const draftKey = (draft: Draft) => JSON.stringify(draft);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `next`, with every part equal to the same part of `prev` replaced by `prev`'s (and every
 * other part of `next` kept as it is). An edit then changes the identity of what it changed
 * only, so the editor's memoized fields skip re-rendering the rest, and a draft edited back to
 * what it was is its base again.
 */
export function keepUnchanged<T>(prev: T, next: T): T {
  if (Object.is(prev, next)) return prev;
  if (Array.isArray(prev) && Array.isArray(next)) {
    let asPrev = prev.length === next.length;
    let asNext = true;
    const out = next.map((item, i) => {
      const kept = keepUnchanged(prev[i], item);
      if (kept !== prev[i]) asPrev = false;
      if (kept !== item) asNext = false;
      return kept;
    });
    return (asPrev ? prev : asNext ? next : out) as T;
  }
  if (isRecord(prev) && isRecord(next)) {
    const keys = Object.keys(next);
    let asPrev = keys.length === Object.keys(prev).length;
    let asNext = true;
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const kept = keepUnchanged(prev[key], next[key]);
      out[key] = kept;
      if (!(key in prev) || kept !== prev[key]) asPrev = false;
      if (kept !== next[key]) asNext = false;
    }
    return (asPrev ? prev : asNext ? next : out) as T;
  }
  return next;
}
