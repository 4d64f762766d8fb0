import type { TeamView } from "@tandem/contracts";
import { describe, expect, it } from "vitest";
import { jsonResponse, render, screen, userEvent, within } from "../../../test-utils/render";
import DashboardPage from "../../pages/DashboardPage";
import { CONSOLE_SECTIONS } from "../Admin/sections";
import { organizer, stubApi } from "../Admin/testApi";

const overview = (waiting: number) => ({
  activation_requests: { total: waiting, teams: [] },
  users: { total: 10 },
  teams: { active: 2, inactive: waiting, disqualified: 0 },
  submissions: { today: 0, total: 0 },
  queue: { depth: 0, oldest_unscored_age_seconds: null, failures_last_hour: 0 },
  links: {
    teams: "/admin/teams",
    users: "/admin/users",
    submissions: "/admin/submissions",
    audit: "/admin/audit",
  },
});

const organizersTeam: TeamView = {
  id: "team-9",
  team_id: "team-9",
  team_name: "staff-testers",
  api_key: "key-9",
  invite_code: "invite-9",
  status: "inactive",
  created_at: "2026-01-10T12:00:00.000Z",
  activated_at: null,
  total_score: 0,
  members: [],
  member_count: 1,
  max_members: 5,
  user_role: "creator",
};

function stub(teams: TeamView[], waiting = 0) {
  window.localStorage.setItem("auth_token", "token-1");
  return stubApi((call) => {
    if (call.path === "/api/teams") return jsonResponse({ teams });
    if (call.path === "/api/admin/overview") return jsonResponse(overview(waiting));
    return undefined;
  });
}

describe("the dashboard for an organizer", () => {
  it("greets them with the console's entry points and the waiting teams, not a request to make a team", async () => {
    stub([], 3);
    const user = userEvent.setup();
    render(<DashboardPage />, { auth: { user: organizer } });

    const welcome = await screen.findByRole("region", { name: "Organizers' console" });
    const pages = within(welcome).getByRole("list", { name: "Console pages" });
    for (const section of CONSOLE_SECTIONS) {
      expect(within(pages).getByRole("link", { name: section.label })).toHaveAttribute(
        "href",
        section.to,
      );
    }
    expect(
      await within(welcome).findByRole("link", { name: "3 teams are waiting for activation" }),
    ).toHaveAttribute("href", "/admin");
    expect(within(welcome).getByRole("button", { name: "Launch JupyterHub" })).toBeInTheDocument();

    expect(await screen.findByText(/Organizers need no team/)).toBeInTheDocument();
    expect(screen.queryByText(/You are not in a team yet/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create Team" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create or join a team" }));
    expect(screen.getByRole("button", { name: "Create Team" })).toBeInTheDocument();
  });

  it("still shows the team's card to an organizer who is in a team", async () => {
    stub([organizersTeam]);
    render(<DashboardPage />, { auth: { user: organizer } });
    expect(await screen.findByRole("region", { name: "Organizers' console" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "staff-testers" })).toBeInTheDocument();
    expect(screen.queryByText(/Organizers need no team/)).not.toBeInTheDocument();
  });

  it("shows a participant no console card", async () => {
    stub([]);
    const { ada } = await import("../../../test-utils/fixtures");
    render(<DashboardPage />, { auth: { user: ada } });
    expect(await screen.findByRole("button", { name: "Create Team" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Organizers' console" })).not.toBeInTheDocument();
  });
});
