import { activeCompetition, defaultDefinition } from "@tandem/competition/server";
import { structureDifference } from "./domain-structure";

/** The six domains of the default edition have generators (src/domains/<slug>); others none. */
export type GeneratorFit =
  | { ok: true }
  | { ok: false; reason: "no-generator" | "not-in-definition" | "changed"; message: string };

/**
 * Whether a domain's generator makes the data the active definition describes. A generator is
 * written for its domain in the default edition: its files, their columns, its challenges and
 * their submission formats. The active definition may change the texts, limits and split of
 * such a domain (description.md and the notebooks follow), but data generated for another
 * structure would not load, or worse, load answers the challenges do not ask for.
 */
export function generatorFit(slug: string, hasGenerator: boolean): GeneratorFit {
  const active = activeCompetition().definition.domains.find((d) => d.slug === slug);
  if (!active) {
    return {
      ok: false,
      reason: "not-in-definition",
      message: `${slug} is not a domain of the active competition definition`,
    };
  }
  const original = defaultDefinition().domains.find((d) => d.slug === slug);
  if (!hasGenerator || !original) {
    return {
      ok: false,
      reason: "no-generator",
      message: `${slug} has no generator: its data comes from an import (competition:import or data:import)`,
    };
  }
  const difference = structureDifference(original, active);
  if (difference) {
    return {
      ok: false,
      reason: "changed",
      message: `${slug}: the active definition changes what its generator makes (${difference}): import its data instead`,
    };
  }
  return { ok: true };
}
