import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { ada } from "../../../test-utils/fixtures";
import { jsonResponse, render, screen } from "../../../test-utils/render";
import AdminShell, { ADMIN_REQUIRED } from "./AdminShell";
import { Overview } from "./Overview/Overview";
import { organizer, stubApi } from "./testApi";

const overview = {
  activation_requests: { total: 0, teams: [] },
  users: { total: 12 },
  teams: { active: 3, inactive: 2, disqualified: 1 },
  submissions: { today: 4, total: 40 },
  queue: { depth: 2, oldest_unscored_age_seconds: 95, failures_last_hour: 1 },
  links: {
    teams: "/api/admin/teams",
    users: "/api/admin/users",
    submissions: "/api/admin/submissions",
    audit: "/api/admin/audit",
  },
};

const queueStatus = {
  queue: {
    length: 2,
    oldest_wait_seconds: 95,
    scored_last_5_minutes: 30,
    estimated_wait_seconds: 20,
    busy: false,
  },
  as_of: "2026-03-01T12:00:00.000Z",
};

function Console() {
  return (
    <Routes>
      <Route path="/admin" element={<AdminShell />}>
        <Route index element={<Overview />} />
      </Route>
    </Routes>
  );
}

describe("the organizers' console gate", () => {
  it("tells a participant that admin access is required and asks the API for nothing", async () => {
    const calls = stubApi(() => jsonResponse(overview));
    render(<Console />, { route: "/admin", auth: { user: ada } });

    expect(await screen.findByText(ADMIN_REQUIRED)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByRole("navigation", { name: "Console" })).not.toBeInTheDocument();
  });

  it("shows an organizer the overview cards with links to each list", async () => {
    const calls = stubApi((call) => {
      if (call.path === "/api/admin/overview") return jsonResponse(overview);
      return call.path === "/api/status" ? jsonResponse(queueStatus) : undefined;
    });
    render(<Console />, { route: "/admin", auth: { user: organizer } });

    const teams = await screen.findByRole("region", { name: "Teams" });
    expect(teams).toHaveTextContent("3 active");
    expect(teams).toHaveTextContent("1 disqualified");
    expect(screen.getByRole("region", { name: "Scoring queue" })).toHaveTextContent(
      "1 min oldest unscored",
    );
    expect(screen.getByRole("link", { name: "All users" })).toHaveAttribute("href", "/admin/users");
    expect(screen.getByRole("button", { name: "teams.csv" })).toBeInTheDocument();
    expect(screen.queryByText(ADMIN_REQUIRED)).not.toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "Scoring queue status" })).toHaveTextContent(
      "2 waiting, oldest 1 min, ~1 min estimated wait",
    );
    // The public config tells the overview's Launch JupyterHub whether the deployment has a hub.
    expect(calls.map((call) => call.path).sort()).toEqual([
      "/api/admin/overview",
      "/api/config/public",
      "/api/status",
    ]);
  });
});
