import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";

import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { RouterProvider } from "react-router";
import { SWRConfig, type SWRConfiguration } from "swr";
import { ApiError, apiRequest, onUnauthorized } from "./api/client";
import { AuthProvider } from "./auth/AuthProvider";
import type { RedirectState } from "./auth/ProtectedRoute";
import { router } from "./Router";
import { cssVariablesResolver, theme } from "./theme";

const swrConfig: SWRConfiguration = {
  fetcher: (path: string) => apiRequest(path),
  // Client errors (bad request, forbidden, not found) will not fix themselves on retry.
  shouldRetryOnError: (error) => !(error instanceof ApiError && error.status < 500),
};

function redirectToLogin(): void {
  const { pathname, search, hash } = router.state.location;
  if (pathname === "/login") return;
  const state: RedirectState = { from: `${pathname}${search}${hash}` };
  void router.navigate("/login", { replace: true, state });
}

export default function App() {
  useEffect(() => onUnauthorized(redirectToLogin), []);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <SWRConfig value={swrConfig}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </SWRConfig>
    </MantineProvider>
  );
}
