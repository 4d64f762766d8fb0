import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./colors.css";

import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { PublicCompetition } from "@tandem/competition";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { SWRConfig, type SWRConfiguration } from "swr";
import { ApiError, apiRequest } from "./api/client";
import { AuthProvider } from "./auth/AuthProvider";
import { CompetitionProvider } from "./competition/CompetitionProvider";
import { type PageData, RenderedPageContext } from "./pageData";
import { cssVariablesResolver, theme } from "./theme";

const swrConfig: SWRConfiguration = {
  fetcher: (path: string) => apiRequest(path),
  // Client errors (bad request, forbidden, not found) will not fix themselves on retry.
  shouldRetryOnError: (error) => !(error instanceof ApiError && error.status < 500),
};

/**
 * Everything around the router, shared by the browser app and the build-time prerender of the
 * landing page, so both render the same tree (hydration needs it).
 */
export function AppProviders({
  children,
  hydrating = false,
  competition = null,
  pageData = null,
}: {
  children: ReactNode;
  /** Adopting prerendered HTML: the first render must be the signed-out one the build made. */
  hydrating?: boolean;
  /** The competition the page arrived with (the prerender's, or the gateway's injected copy). */
  competition?: PublicCompetition | null;
  /** A page rendered per request (docs/adr/0027): the data it was rendered with. */
  pageData?: PageData | null;
}) {
  const swr = useMemo(
    () => (pageData ? { ...swrConfig, fallback: pageData.fallback } : swrConfig),
    [pageData],
  );
  // The server's moment until the page is adopted; the effect runs once it is (never on the server).
  const [rendered, setRendered] = useState(() =>
    pageData ? { renderedAt: new Date(pageData.renderedAt) } : null,
  );
  useEffect(() => setRendered(null), []);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      // The system's scheme unless the visitor chose one (header settings, mobile menu); the
      // inline script in index.html applies the same rule before first paint.
      defaultColorScheme="auto"
    >
      {/* Bottom: a toast must not cover the header's buttons (sign out, submit). */}
      <Notifications position="bottom-right" />
      <SWRConfig value={swr}>
        <AuthProvider hydrating={hydrating}>
          <CompetitionProvider initial={competition}>
            <RenderedPageContext.Provider value={rendered}>{children}</RenderedPageContext.Provider>
          </CompetitionProvider>
        </AuthProvider>
      </SWRConfig>
    </MantineProvider>
  );
}
