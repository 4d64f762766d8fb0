import { type PublicCompetition, publicCompetitionSchema } from "@tandem/competition";

/** The script the gateway fills with `GET /api/competition`'s answer (and the prerender with its own). */
export const INJECTED_COMPETITION_ID = "tandem-competition";

/**
 * The competition the page arrived with, or null when there is none (the Vite dev server, an
 * empty placeholder) or it is not what the schema says: then the app asks the API.
 */
export function readInjectedCompetition(doc: Document = document): PublicCompetition | null {
  const text = doc.getElementById(INJECTED_COMPETITION_ID)?.textContent?.trim();
  if (!text) return null;
  try {
    const parsed = publicCompetitionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
