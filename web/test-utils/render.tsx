import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { render as testingLibraryRender } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { SWRConfig } from "swr";
import { apiRequest } from "../src/api/client";
import { AuthContext, type AuthContextValue } from "../src/auth/AuthContext";
import { AuthProvider } from "../src/auth/AuthProvider";
import type { User } from "../src/auth/user";
import { cssVariablesResolver, theme } from "../src/theme";

export interface RenderOptions {
  /** The address the component is rendered at; "/" unless told. */
  route?: string;
  /**
   * A stand-in for the session: `user` signs someone in, the rest replaces AuthProvider's
   * functions. Without it the real AuthProvider runs, over whatever is in storage.
   */
  auth?: Partial<AuthContextValue> & { user?: User | null };
}

/** A signed-in or signed-out AuthContext value whose functions do nothing. */
export function testAuth(overrides: RenderOptions["auth"] = {}): AuthContextValue {
  const user = overrides.user ?? null;
  return {
    status: user ? "authenticated" : "unauthenticated",
    login: async () => false,
    adoptSession: () => {},
    logout: async () => {},
    refresh: async () => {},
    ...overrides,
    user,
  };
}

/**
 * Renders `ui` inside what AppProviders gives the app (Mantine with the app's theme,
 * notifications, SWR, the session) and a router at `route`. SWR gets a fresh cache per render,
 * so no test sees another's data. Mantine's test environment turns off transitions and portals.
 */
export function render(ui: ReactNode, { route = "/", auth }: RenderOptions = {}) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        env="test"
      >
        <Notifications />
        <SWRConfig
          value={{
            provider: () => new Map(),
            fetcher: (path: string) => apiRequest(path),
            shouldRetryOnError: false,
            dedupingInterval: 0,
          }}
        >
          <MemoryRouter initialEntries={[route]}>
            {auth ? (
              <AuthContext.Provider value={testAuth(auth)}>{children}</AuthContext.Provider>
            ) : (
              <AuthProvider>{children}</AuthProvider>
            )}
          </MemoryRouter>
        </SWRConfig>
      </MantineProvider>
    );
  }
  return testingLibraryRender(ui, { wrapper: Wrapper });
}

/** A JSON answer for a stubbed `fetch`. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

export * from "@testing-library/react";
export { default as userEvent } from "@testing-library/user-event";
