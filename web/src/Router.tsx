import type { ComponentType } from "react";
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from "react-router";
import { ProtectedRoute } from "./auth/ProtectedRoute";
import { Layout } from "./components/Layout/Layout";
import { PageLoader } from "./components/PageLoader";
import { RouteError } from "./components/RouteError";

/** Loads a page module (default export) only when its route is first visited. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject["lazy"] {
  return async () => ({ Component: (await load()).default });
}

const loginPage = page(() => import("./pages/LoginPage"));
const dashboardPage = page(() => import("./pages/DashboardPage"));
const domainPage = page(() => import("./pages/DomainPage"));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    HydrateFallback: PageLoader,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(() => import("./pages/HomePage")) },
          { path: "login", lazy: loginPage },
          { path: "login/success", lazy: loginPage },
          { path: "register", lazy: page(() => import("./pages/RegisterPage")) },
          { path: "forgot-password", lazy: page(() => import("./pages/ForgotPasswordPage")) },
          { path: "reset-password", lazy: page(() => import("./pages/ResetPasswordPage")) },
          { path: "verify-email", lazy: page(() => import("./pages/VerifyEmailPage")) },
          { path: "privacy-policy", lazy: page(() => import("./pages/PrivacyPolicyPage")) },
          {
            element: <ProtectedRoute />,
            children: [
              { path: "dashboard", lazy: dashboardPage },
              { path: "team/:teamId", lazy: dashboardPage },
              {
                path: "submissions/:submissionId",
                lazy: page(() => import("./pages/SubmissionPage")),
              },
              {
                // The console checks admin access before any of its pages (and their reads) loads.
                path: "admin",
                lazy: page(() => import("./components/Admin/AdminShell")),
                children: [
                  { index: true, lazy: page(() => import("./pages/admin/AdminOverviewPage")) },
                  { path: "teams", lazy: page(() => import("./pages/admin/AdminTeamsPage")) },
                  {
                    path: "teams/:teamId",
                    lazy: page(() => import("./pages/admin/AdminTeamPage")),
                  },
                  { path: "users", lazy: page(() => import("./pages/admin/AdminUsersPage")) },
                  {
                    path: "organizers",
                    lazy: page(() => import("./pages/admin/AdminOrganizersPage")),
                  },
                  {
                    path: "submissions",
                    lazy: page(() => import("./pages/admin/AdminSubmissionsPage")),
                  },
                  {
                    path: "submissions/:submissionId",
                    lazy: page(() => import("./pages/admin/AdminSubmissionPage")),
                  },
                  { path: "settings", lazy: page(() => import("./pages/admin/AdminSettingsPage")) },
                  {
                    path: "competition",
                    lazy: page(() => import("./pages/admin/AdminCompetitionPage")),
                  },
                  {
                    path: "announcements",
                    lazy: page(() => import("./pages/admin/AdminAnnouncementsPage")),
                  },
                  { path: "audit", lazy: page(() => import("./pages/admin/AdminAuditPage")) },
                ],
              },
            ],
          },
          { path: "leaderboard", lazy: page(() => import("./pages/LeaderboardPage")) },
          {
            path: "leaderboard/domain/:domainName",
            lazy: page(() => import("./pages/DomainLeaderboardPage")),
          },
          { path: "about", lazy: page(() => import("./pages/AboutPage")) },
          { path: "domains", lazy: page(() => import("./pages/DomainsPage")) },
          // The active competition's domains; the page sends any other slug to "/", as "*" does.
          { path: "domains/:slug", lazy: domainPage },
          { path: "rules", lazy: page(() => import("./pages/RulesPage")) },
          { path: "resources", lazy: page(() => import("./pages/ResourcesPage")) },
          { path: "sponsors", lazy: page(() => import("./pages/SponsorsPage")) },
          { path: "debug", lazy: page(() => import("./pages/DebugPage")) },
          { path: "*", element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}

/**
 * Loads the lazy routes that match `pathname` and puts their components on the route objects,
 * so a router created afterwards renders the page at once: hydrating prerendered HTML needs the
 * first render to be the page, not the loading state.
 */
export async function resolveLazyRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
