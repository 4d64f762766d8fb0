import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { PublicCompetition } from "@tandem/competition";
import { render as testingLibraryRender } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { SWRConfig } from "swr";
import { apiRequest } from "../src/api/client";
import { AuthContext, type AuthContextValue } from "../src/auth/AuthContext";
import { AuthProvider } from "../src/auth/AuthProvider";
import type { User } from "../src/auth/user";
import { CompetitionProvider } from "../src/competition/CompetitionProvider";
import { cssVariablesResolver, theme } from "../src/theme";
import { publicCompetition } from "./competition";

export interface RenderOptions {
  /** The address the component is rendered at; "/" unless told. */
  route?: string;
  /**
   * A stand-in for the session: `user` signs someone in, the rest replaces AuthProvider's
   * functions. Without it the real AuthProvider runs, over whatever is in storage.
   */
  auth?: Partial<AuthContextValue> & { user?: User | null };
  /**
   * The competition the page arrived with; the default edition unless told. `null`: none, so
   * the app asks `GET /api/competition` (stub `fetch` for it).
   */
  competition?: PublicCompetition | null;
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
 * notifications, SWR, the session, the competition) and a router at `route`. SWR gets a fresh cache per render,
 * so no test sees another's data. Mantine's test environment turns off transitions and portals.
 */
export function render(
  ui: ReactNode,
  { route = "/", auth, competition = publicCompetition() }: RenderOptions = {},
) {
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
              <AuthContext.Provider value={testAuth(auth)}>
                <CompetitionProvider initial={competition}>{children}</CompetitionProvider>
              </AuthContext.Provider>
            ) : (
              <AuthProvider>
                <CompetitionProvider initial={competition}>{children}</CompetitionProvider>
              </AuthProvider>
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
