import type { PublicCompetition } from "@tandem/competition";
import { useEffect } from "react";
import { RouterProvider } from "react-router";
import { AppProviders } from "./AppProviders";
import { onUnauthorized } from "./api/client";
import { returnTo } from "./auth/redirect";
import type { PageData } from "./pageData";
import type { AppRouter } from "./Router";

export default function App({
  router,
  hydrating,
  competition,
  pageData = null,
}: {
  router: AppRouter;
  hydrating?: boolean;
  competition: PublicCompetition | null;
  pageData?: PageData | null;
}) {
  useEffect(
    () =>
      onUnauthorized(() => {
        const { location } = router.state;
        if (location.pathname === "/login") return;
        void router.navigate("/login", { replace: true, state: returnTo(location) });
      }),
    [router],
  );

  // Effects run once the prerendered page is adopted: from here on it responds to input.
  useEffect(() => {
    if (hydrating) document.getElementById("root")?.removeAttribute("data-prerendered");
  }, [hydrating]);

  return (
    <AppProviders hydrating={hydrating} competition={competition} pageData={pageData}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
