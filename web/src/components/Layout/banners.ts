import type { PublicConfig } from "@tandem/contracts";

// Without imports beyond types: the landing page's first script (landing/boot.ts) asks the same
// question before the app is loaded.

const DISMISSED_KEY = "tandem.announcement.dismissed";

export function readDismissed(): string | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    // Storage refused (privacy mode): the banner just cannot stay dismissed.
    return null;
  }
}

export function rememberDismissed(id: string) {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, id);
  } catch {
    // As above.
  }
}

/** What SiteBanners shows: the pause warning, and the newest announcement unless dismissed. */
export function bannersOf(config: PublicConfig | undefined, dismissed: string | null) {
  const announcement = config?.announcement ?? null;
  return {
    paused: config?.submissions_paused === true,
    announcement: announcement !== null && announcement.id !== dismissed ? announcement : null,
  };
}
