import type { TabSessionStore } from "./storage";
import type { User } from "./user";

/**
 * A session not remembered lives in each tab's sessionStorage, which a tab opened by hand (a
 * typed address, a bookmark, "open in new tab" without an opener) starts without. Such a tab
 * asks the tabs already open on this origin over a BroadcastChannel, and any one holding a
 * session answers with it. Once the browser is closed no tab is left to answer, so the session
 * still ends with the browser (docs/notes/issue-33-history-sessions.md: the security reasoning).
 */
const CHANNEL = "tandem-session";
/** How long a new tab waits for an answer: open tabs answer within milliseconds. */
export const ASK_TIMEOUT_MS = 400;

/*
 * The storage functions come in as `store` (storage.ts's `tabSessionStore`) rather than by
 * import: a lazy chunk that imported them (and zod, to read messages) would share the entry's
 * modules and make the bundler split the landing page's chunks, which costs every visitor bytes.
 */

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === "undefined") return null;
  try {
    return new BroadcastChannel(CHANNEL);
  } catch {
    return null;
  }
}

/**
 * Answers other tabs' requests with this tab's session when it is not remembered (a remembered
 * one is in localStorage, which every tab reads already). Returns the function that stops.
 */
export function answerSessionRequests(store: TabSessionStore): () => void {
  const { getTabOnlySession, readSessionMessage, setTabSessionHint } = store;
  const channel = openChannel();
  if (!channel) return () => {};
  channel.onmessage = (event: MessageEvent) => {
    const message = readSessionMessage(event.data);
    if (message?.type !== "ask") return;
    const session = getTabOnlySession();
    if (session) channel.postMessage({ type: "session", id: message.id, ...session });
  };
  // A tab that asked and heard nothing cleared the hint (this one may have been frozen in the
  // background meanwhile): say again that a session is held here.
  const remind = () => {
    if (document.visibilityState === "visible" && getTabOnlySession()) setTabSessionHint(true);
  };
  remind();
  document.addEventListener("visibilitychange", remind);
  return () => {
    document.removeEventListener("visibilitychange", remind);
    channel.close();
  };
}

/**
 * The session an open tab holds, or null when none answers within `ASK_TIMEOUT_MS` (or no tab
 * is known to hold one: then nothing is asked).
 */
export function askOpenTabsForSession(
  store: TabSessionStore,
): Promise<{ token: string; user: User } | null> {
  const { mayAskOpenTabs, readSessionMessage, setTabSessionHint } = store;
  const channel = mayAskOpenTabs() ? openChannel() : null;
  if (!channel) return Promise.resolve(null);
  const id = crypto.randomUUID();
  return new Promise((resolve) => {
    const done = (session: { token: string; user: User } | null) => {
      window.clearTimeout(timer);
      channel.close();
      resolve(session);
    };
    // Nobody answered: no tab holds a session (the browser was closed since), so the tabs
    // opened next need not wait either.
    const timer = window.setTimeout(() => {
      setTabSessionHint(false);
      done(null);
    }, ASK_TIMEOUT_MS);
    channel.onmessage = (event: MessageEvent) => {
      const message = readSessionMessage(event.data);
      if (message?.type === "session" && message.id === id) {
        done({ token: message.token, user: message.user });
      }
    };
    channel.postMessage({ type: "ask", id });
  });
}
