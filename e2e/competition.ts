import { buildCompetition } from "@tandem/competition";
import { defaultDefinition } from "@tandem/competition/server";

/**
 * The default edition, which every e2e server runs (a fresh install, no window override): what
 * the pages must show, read from the same definition file the server reads.
 */
export const competition = buildCompetition(defaultDefinition());
export const { site } = competition;
