import { buildCompetition, type Competition, type PublicCompetition } from "@tandem/competition";
import { defaultDefinition, publicCompetitionOf } from "../src/competition/defaultDefinition";

export { defaultDefinition };

/** The definition (the default edition unless told) as `GET /api/competition` answers it. */
export function publicCompetition(
  definition = defaultDefinition(),
  options: Parameters<typeof publicCompetitionOf>[1] = {},
): PublicCompetition {
  return publicCompetitionOf(definition, options);
}

let built: Competition | undefined;
/** The default edition resolved, for tests that need its facts (domains, challenges, texts). */
export function defaultCompetition(): Competition {
  built ??= buildCompetition(defaultDefinition());
  return built;
}
