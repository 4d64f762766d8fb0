import type { PublicCompetition } from "@tandem/competition";
import useSWR from "swr";
import { fetchFilePreview } from "./preview";
import { fetchPublicCompetition, PUBLIC_COMPETITION_KEY } from "./public";
import { COMPETITION_DOMAINS_KEY, fetchCompetitionDomains } from "./requests";

/** Organizers may change the definition at any time: open pages follow within this long. */
export const COMPETITION_REFRESH_MS = 60_000;

/**
 * The active competition definition and the clock. `initial` is what the page arrived with: it
 * is used at once and not asked for again on mount; without it the first render has no data.
 */
export function usePublicCompetition(initial: PublicCompetition | null) {
  return useSWR(PUBLIC_COMPETITION_KEY, fetchPublicCompetition, {
    ...(initial ? { fallbackData: initial } : {}),
    revalidateOnMount: !initial,
    revalidateOnFocus: true,
    refreshInterval: COMPETITION_REFRESH_MS,
  });
}

/** Every domain with its page content and file URLs; it only changes with a deploy. */
export function useCompetitionDomains() {
  return useSWR(COMPETITION_DOMAINS_KEY, fetchCompetitionDomains, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}

/** The first rows of one dataset file; null requests nothing. */
export function useFilePreview(url: string | null) {
  return useSWR(url === null ? null : ["file-preview", url], ([, path]) => fetchFilePreview(path), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}
