/**
 * The storage keys that say whether a tab has a session, apart from storage.ts (which brings
 * zod along) so that the landing page's first script (landing/boot.ts) can read them for a few
 * bytes.
 */
export const TOKEN_KEY = "auth_token";

/**
 * Set (in localStorage) while a tab holds a session not remembered: a new tab then asks the open
 * tabs for it (sessionShare.ts). It holds no secret, only "ask"; without it a tab never waits for
 * an answer. Cleared when nobody answered, set again by a holding tab when it is shown again.
 */
export const TAB_SESSION_HINT_KEY = "tab_session";

/** A token in either storage, or the hint that another tab may hand one over. */
export function mayHaveSession(): boolean {
  try {
    return (
      window.sessionStorage.getItem(TOKEN_KEY) !== null ||
      window.localStorage.getItem(TOKEN_KEY) !== null ||
      window.localStorage.getItem(TAB_SESSION_HINT_KEY) !== null
    );
  } catch {
    // Storage refused (privacy mode): no session can have been kept.
    return false;
  }
}
