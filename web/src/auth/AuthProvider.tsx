import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { useSWRConfig } from "swr";
import { loginRequest, logoutRequest, type Session } from "../api/auth/requests";
import { onUnauthorized } from "../api/client";
import { PUBLIC_COMPETITION_KEY } from "../api/competition/public";
import { PUBLIC_CONFIG_PATH } from "../api/config/hooks";
import { AuthContext, type AuthContextValue } from "./AuthContext";
import {
  clearAuthData,
  getRememberMe,
  getStoredUser,
  getToken,
  mayAskOpenTabs,
  saveToken,
  saveUser,
  tabSessionStore,
} from "./storage";
import { forgetTokenVerification, verifyToken } from "./tokenVerification";
import { sameUser, type User } from "./user";

const KEPT_ACROSS_ACCOUNTS = new Set<string>([PUBLIC_CONFIG_PATH, PUBLIC_COMPETITION_KEY]);

const REFRESH_DELAY_MS = 2_000;

type AuthState =
  | { status: "loading" }
  | { status: "unauthenticated" }
  | { status: "authenticated"; token: string; user: User };

const SIGNED_OUT: AuthState = { status: "unauthenticated" };

function initialState(): AuthState {
  // Without a token of its own, a tab may still be handed one by an open tab: it waits for that
  // (a fraction of a second) rather than sending a signed-in person to /login.
  return getToken() || mayAskOpenTabs() ? { status: "loading" } : SIGNED_OUT;
}

function signedIn(prev: AuthState, token: string, user: User): AuthState {
  if (prev.status === "authenticated" && prev.token === token && sameUser(prev.user, user)) {
    return prev;
  }
  return { status: "authenticated", token, user };
}

export function AuthProvider({
  children,
  hydrating = false,
}: {
  children: ReactNode;
  /**
   * The page was prerendered signed out: start from that state so hydration matches, then
   * switch to the stored session in a layout effect, which runs before the first paint.
   */
  hydrating?: boolean;
}) {
  const [state, setState] = useState<AuthState>(hydrating ? SIGNED_OUT : initialState);
  useLayoutEffect(() => {
    if (hydrating) setState((prev) => (prev === SIGNED_OUT ? initialState() : prev));
  }, [hydrating]);
  const { mutate } = useSWRConfig();

  // One account's data must not show to the next; the deployment's public config and the
  // competition are the same for everyone and stay (cleared, their mounted readers would never
  // read them again: every page would wait on the competition for good).
  const clearCachedData = useCallback(() => {
    void mutate((key) => !KEPT_ACROSS_ACCOUNTS.has(key as string), undefined, {
      revalidate: false,
    });
  }, [mutate]);

  const refresh = useCallback(async () => {
    let token = getToken();
    if (!token && mayAskOpenTabs()) {
      // Loaded only here and by a tab holding such a session: a visitor's pages never load it.
      const shared = await import("./sessionShare").then(
        ({ askOpenTabsForSession }) => askOpenTabsForSession(tabSessionStore),
        // The module failed to load (offline, a new deployment): as if no tab answered.
        () => null,
      );
      // A sign-in in this tab meanwhile has the last word.
      if (shared && !getToken()) {
        saveToken(shared.token, false);
        saveUser(shared.user);
      }
      token = getToken();
    }
    if (!token) {
      setState(SIGNED_OUT);
      return;
    }
    try {
      const check = await verifyToken(token);
      // A login or logout while the check was in flight has the last word.
      if (getToken() !== token) return;
      if (check.valid) {
        saveUser(check.user);
        setState((prev) => signedIn(prev, token, check.user));
      } else {
        clearAuthData();
        setState(SIGNED_OUT);
      }
    } catch {
      // The server could not answer, which says nothing about the token: keep the stored session.
      setState((prev) => {
        if (prev.status !== "loading") return prev;
        const user = getStoredUser();
        return user ? signedIn(prev, token, user) : SIGNED_OUT;
      });
    }
  }, []);

  const logout = useCallback(
    async (options: { everywhere?: boolean } = {}) => {
      const token = getToken();
      clearAuthData();
      if (token) forgetTokenVerification(token);
      setState(SIGNED_OUT);
      clearCachedData();
      try {
        await logoutRequest(token, options.everywhere === true);
      } catch {
        // The local session is already gone; the server cookie expires on its own.
      }
    },
    [clearCachedData],
  );

  const adoptSession = useCallback(
    ({ token, user }: Session, rememberMe: boolean) => {
      // Start clean so nothing (such as another user's team API key) survives the switch.
      clearAuthData();
      clearCachedData();
      saveToken(token, rememberMe);
      saveUser(user);
      setState({ status: "authenticated", token, user });
    },
    [clearCachedData],
  );

  const login = useCallback(
    async (email: string, password: string, rememberMe: boolean) => {
      if (!email || !password) return false;

      const token = await loginRequest({ email, password, rememberMe });
      if (!token) {
        await logout();
        return false;
      }

      // Start clean so nothing (such as another user's team API key) survives the switch.
      clearAuthData();
      clearCachedData();
      saveToken(token, rememberMe);

      let check: Awaited<ReturnType<typeof verifyToken>>;
      try {
        check = await verifyToken(token);
      } catch (error) {
        await logout();
        throw error;
      }
      if (!check.valid) {
        await logout();
        return false;
      }

      saveUser(check.user);
      setState({ status: "authenticated", token, user: check.user });
      return true;
    },
    [logout, clearCachedData],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // A tab holding a session not remembered hands it to tabs opened later (sessionShare.ts).
  const holdsTabSession = state.status === "authenticated" && !getRememberMe();
  useEffect(() => {
    if (!holdsTabSession) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./sessionShare").then(({ answerSessionRequests }) => {
      if (!cancelled) stop = answerSessionRequests(tabSessionStore);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [holdsTabSession]);

  useEffect(
    () =>
      onUnauthorized(() => {
        setState(SIGNED_OUT);
        clearCachedData();
      }),
    [clearCachedData],
  );

  // Re-checks shortly after startup and after every sign-in, sign-out or user change.
  const stateKey =
    state.status === "authenticated"
      ? `${state.token}:${JSON.stringify(state.user)}`
      : state.status;
  useEffect(() => {
    if (stateKey === "loading") return;
    const timer = window.setTimeout(() => void refresh(), REFRESH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [stateKey, refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.status === "authenticated" ? state.user : null,
      login,
      adoptSession,
      logout,
      refresh,
    }),
    [state, login, adoptSession, logout, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
