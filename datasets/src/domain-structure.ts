import { type DomainDefinition, sameJson as same } from "@tandem/competition";

/**
 * What of a domain's definition decides its data, as opposed to its texts: the data files and
 * their columns, the challenges, each one's submission format and test file. Answers loaded for
 * one structure do not fit another. Returns the first difference in words, or null.
 */
export function structureDifference(
  loaded: DomainDefinition,
  wanted: DomainDefinition,
): string | null {
  const files = (d: DomainDefinition) =>
    d.data_files.map((f) => [f.name, Object.keys(f.columns ?? {})]);
  if (!same(files(loaded), files(wanted))) return "its data files or their columns";
  const numbers = (d: DomainDefinition) => d.challenges.map((c) => c.number);
  if (!same(numbers(loaded), numbers(wanted))) return "its challenges";
  for (const challenge of wanted.challenges) {
    const original = loaded.challenges.find((c) => c.number === challenge.number)!;
    for (const field of ["header", "target", "test_file"] as const) {
      if (!same(original[field], challenge[field])) {
        return `challenge ${challenge.number}'s ${field.replace("_", " ")}`;
      }
    }
  }
  return null;
}
