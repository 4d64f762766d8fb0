import { useEffect } from "react";
import { RouterProvider } from "react-router";
import { AppProviders } from "./AppProviders";
import { onUnauthorized } from "./api/client";
import type { RedirectState } from "./auth/ProtectedRoute";
import type { AppRouter } from "./Router";

export default function App({ router, hydrating }: { router: AppRouter; hydrating?: boolean }) {
  useEffect(
    () =>
      onUnauthorized(() => {
        const { pathname, search, hash } = router.state.location;
        if (pathname === "/login") return;
        const state: RedirectState = { from: `${pathname}${search}${hash}` };
        void router.navigate("/login", { replace: true, state });
      }),
    [router],
  );

  // Effects run once the prerendered page is adopted: from here on it responds to input.
  useEffect(() => {
    if (hydrating) document.getElementById("root")?.removeAttribute("data-prerendered");
  }, [hydrating]);

  return (
    <AppProviders hydrating={hydrating}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
