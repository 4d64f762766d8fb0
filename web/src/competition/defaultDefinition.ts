import {
  buildCompetition,
  type CompetitionDefinition,
  type PublicCompetition,
  validateDefinition,
} from "@tandem/competition";
import text from "@tandem/competition/definition/default.yaml?raw";
import { parse } from "yaml";

/*
 * The default edition for the build-time prerender (src/entry-server.tsx) and the component
 * tests, both in Node. Never import it from the app: the browser gets the definition from the
 * server (scripts/prerender.mjs fails the build if the YAML reaches a browser chunk).
 *
 * The YAML comes in as text through Vite instead of `defaultDefinition()` from
 * @tandem/competition/server: bundled or run in happy-dom, that module's
 * `new URL(file, import.meta.url)` no longer points at the file.
 */

let definition: CompetitionDefinition | undefined;

/** The default edition's definition, checked as the server checks it. */
export function defaultDefinition(): CompetitionDefinition {
  if (!definition) {
    const check = validateDefinition(parse(text));
    if (!check.ok) {
      const first = check.issues[0];
      throw new Error(`default.yaml is not a valid definition (${first?.path}: ${first?.message})`);
    }
    definition = check.definition;
  }
  return definition;
}

/** `definition` as `GET /api/competition` answers it at `now`. */
export function publicCompetitionOf(
  definition: CompetitionDefinition,
  { version = 0, revealed = false, now = new Date() } = {},
): PublicCompetition {
  const status = buildCompetition(definition).status(now, revealed);
  return {
    version,
    definition,
    leaderboard_visibility: definition.leaderboard_visibility,
    status: {
      state: status.state,
      phase: status.phase,
      ends_at: status.endsAt?.toISOString() ?? null,
      revealed,
    },
  };
}
