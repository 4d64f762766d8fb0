import type { PublicCompetition } from "@tandem/competition";
import { isObject, readJsonScript } from "../jsonScript";

/** The script the gateway fills with `GET /api/competition`'s answer (and the prerender with its own). */
export const INJECTED_COMPETITION_ID = "tandem-competition";

/**
 * The competition the page arrived with, or null when there is none (the Vite dev server, an
 * empty placeholder) or it is not an answer of `GET /api/competition`: then the app asks the API.
 * Only its outline is checked: the server validated the definition whole before serving it, so
 * the first paint's main thread does not run the whole schema over 70 KB again.
 */
export function readInjectedCompetition(doc: Document = document): PublicCompetition | null {
  const value = readJsonScript(INJECTED_COMPETITION_ID, doc);
  if (
    !isObject(value) ||
    typeof value.version !== "number" ||
    !isObject(value.definition) ||
    !Array.isArray(value.definition.domains) ||
    !isObject(value.definition.site) ||
    !isObject(value.status)
  ) {
    return null;
  }
  return value as unknown as PublicCompetition;
}
