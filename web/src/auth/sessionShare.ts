import { userSchema } from "@tandem/contracts";
import { z } from "zod";
import { getTabOnlySession, mayAskOpenTabs, setTabSessionHint } from "./storage";
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

const messageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ask"), id: z.string() }),
  z.object({ type: z.literal("session"), id: z.string(), token: z.string(), user: userSchema }),
]);

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
export function answerSessionRequests(): () => void {
  const channel = openChannel();
  if (!channel) return () => {};
  channel.onmessage = (event: MessageEvent) => {
    const message = messageSchema.safeParse(event.data);
    if (!message.success || message.data.type !== "ask") return;
    const session = getTabOnlySession();
    if (session) channel.postMessage({ type: "session", id: message.data.id, ...session });
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
export function askOpenTabsForSession(): Promise<{ token: string; user: User } | null> {
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
      const message = messageSchema.safeParse(event.data);
      if (message.success && message.data.type === "session" && message.data.id === id) {
        done({ token: message.data.token, user: message.data.user });
      }
    };
    channel.postMessage({ type: "ask", id });
  });
}
