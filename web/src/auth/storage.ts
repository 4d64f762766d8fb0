import { userSchema } from "@tandem/contracts";
import { z } from "zod";
import { TAB_SESSION_HINT_KEY, TOKEN_KEY } from "./sessionKeys";
import type { User } from "./user";

const USER_KEY = "user";
const REMEMBER_ME_KEY = "remember_me";
const API_KEY_KEY = "api_key";

export const STORED_KEYS = [TOKEN_KEY, USER_KEY, REMEMBER_ME_KEY, API_KEY_KEY] as const;
export type StoredKey = (typeof STORED_KEYS)[number];

type Area = "local" | "session";

// Even touching window.localStorage throws when the browser blocks storage (private modes,
// disabled site data), so every access goes through these guards.
function storage(area: Area): Storage {
  return area === "local" ? window.localStorage : window.sessionStorage;
}

function read(area: Area, key: string): string | null {
  try {
    return storage(area).getItem(key);
  } catch {
    return null;
  }
}

function write(area: Area, key: string, value: string): void {
  try {
    storage(area).setItem(key, value);
  } catch {
    // Nothing to fall back to: the session then lasts until the page is reloaded.
  }
}

function remove(key: string): void {
  for (const area of ["local", "session"] as const) {
    try {
      storage(area).removeItem(key);
    } catch {
      // Unreadable storage holds nothing to clear.
    }
  }
}

/** Remembered sessions survive the browser closing; the others last as long as the tab. */
function areaFor(rememberMe: boolean): Area {
  return rememberMe ? "local" : "session";
}

export function getRememberMe(): boolean {
  return read("local", REMEMBER_ME_KEY) === "true";
}

export function getToken(): string | null {
  return read("session", TOKEN_KEY) ?? read("local", TOKEN_KEY);
}

export function saveToken(token: string, rememberMe: boolean): void {
  remove(TOKEN_KEY);
  remove(REMEMBER_ME_KEY);
  write(areaFor(rememberMe), TOKEN_KEY, token);
  write(areaFor(rememberMe), REMEMBER_ME_KEY, String(rememberMe));
  setTabSessionHint(!rememberMe);
}

/** Whether an open tab may hold a session not remembered that this tab could ask for. */
export function mayAskOpenTabs(): boolean {
  return read("local", TAB_SESSION_HINT_KEY) !== null;
}

/** Says (again) that a tab holds a session not remembered, or that none is known to. */
export function setTabSessionHint(held: boolean): void {
  if (held) write("local", TAB_SESSION_HINT_KEY, "1");
  else remove(TAB_SESSION_HINT_KEY);
}

/** This tab's own session when it is not remembered (sessionStorage only), with its user. */
export function getTabOnlySession(): { token: string; user: User } | null {
  const token = read("session", TOKEN_KEY);
  const user = getStoredUser();
  return token && user ? { token, user } : null;
}

/** The stored user, or null when it is missing or not shaped like a user. */
// A user stored before `email_verified` existed (issue 31) still signs in; the next token check
// brings the real value (until then no verify banner shows).
const storedUserSchema = userSchema.extend({ email_verified: z.boolean().default(true) });

export function getStoredUser(): User | null {
  const raw = read("session", USER_KEY) ?? read("local", USER_KEY);
  if (!raw) return null;
  try {
    const parsed = storedUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveUser(user: User): void {
  remove(USER_KEY);
  write(areaFor(getRememberMe()), USER_KEY, JSON.stringify(user));
}

export function getApiKey(): string | null {
  return read("local", API_KEY_KEY);
}

export function saveApiKey(apiKey: string): void {
  write("local", API_KEY_KEY, apiKey);
}

export function clearAuthData(): void {
  for (const key of STORED_KEYS) remove(key);
  remove(TAB_SESSION_HINT_KEY);
}

export type StoredItems = Record<StoredKey, Record<Area, string | null>>;

/** Every key this app stores, as raw text from each storage area (for the debug page). */
export function readStoredItems(): StoredItems {
  const items = {} as StoredItems;
  for (const key of STORED_KEYS)
    items[key] = { local: read("local", key), session: read("session", key) };
  return items;
}

export function clearLocalStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Unreadable storage holds nothing to clear.
  }
}

const sessionMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ask"), id: z.string() }),
  z.object({ type: z.literal("session"), id: z.string(), token: z.string(), user: userSchema }),
]);
export type SessionMessage = z.infer<typeof sessionMessageSchema>;

/** A message between tabs about a session not remembered (sessionShare.ts); null if malformed. */
export function readSessionMessage(data: unknown): SessionMessage | null {
  const parsed = sessionMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** What sessionShare.ts (a lazy chunk) is handed instead of importing this module. */
export const tabSessionStore = {
  getTabOnlySession,
  mayAskOpenTabs,
  setTabSessionHint,
  readSessionMessage,
};
export type TabSessionStore = typeof tabSessionStore;
