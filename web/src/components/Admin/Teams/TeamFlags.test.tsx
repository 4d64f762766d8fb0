import type { AdminTeamFlag } from "@tandem/contracts";
import { describe, expect, it } from "vitest";
import {
  jsonResponse,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from "../../../../test-utils/render";
import { organizer, stubApi, teamDetail, teamRow } from "../testApi";
import { TeamDetail } from "./TeamDetail";
import { TeamsList } from "./TeamsList";

const team = teamDetail();
const samePerson: AdminTeamFlag = {
  kind: "duplicate_participant",
  email_key: "lena@gmail.com",
  accounts: [
    {
      user_id: "u-alice",
      username: "alice",
      email: "l.e.n.a@gmail.com",
      signed_up_at: "2026-01-10T12:00:00.000Z",
      team: { id: team.id, name: team.name },
    },
    {
      user_id: "u-lena",
      username: "lena again",
      email: "Lena+2@googlemail.com",
      signed_up_at: "2026-01-12T09:00:00.000Z",
      team: { id: "t-sea-lions", name: "sea-lions" },
    },
  ],
};
const samePredictions: AdminTeamFlag = {
  kind: "identical_predictions",
  challenge_key: "insurance/1",
  teams_sharing: 2,
  scores_as_baseline: true,
  submissions: [{ id: "s-own-0001", created_at: "2026-02-01T10:00:00.000Z" }],
  others: [
    {
      team_id: "t-sea-lions",
      team_name: "sea-lions",
      submission_id: "s-other-0002",
      created_at: "2026-02-01T11:00:00.000Z",
    },
  ],
};

describe("a team's flags", () => {
  it("shows each flag's evidence on the team's page, with links to the other team and submissions", async () => {
    const flagged = teamDetail({ flags: [samePerson, samePredictions] });
    stubApi((call) => (call.method === "GET" ? jsonResponse(flagged) : undefined));
    render(<TeamDetail teamId={team.id} />, { auth: { user: organizer } });

    const section = await screen.findByRole("region", { name: "Flags (2)" });
    expect(section).toHaveTextContent("the platform takes no action on them");
    const accounts = within(section).getByRole("table", { name: "Accounts for lena@gmail.com" });
    expect(accounts).toHaveTextContent("l.e.n.a@gmail.com");
    expect(accounts).toHaveTextContent("Lena+2@googlemail.com");
    expect(accounts).toHaveTextContent("river-otters (this team)");
    expect(within(accounts).getByRole("link", { name: "sea-lions" })).toHaveAttribute(
      "href",
      "/admin/teams/t-sea-lions",
    );

    expect(section).toHaveTextContent("Same predictions as 1 other team on insurance/1");
    expect(section).toHaveTextContent("likely the baseline notebook's output");
    const files = within(section).getByRole("table", {
      name: "Submissions with the same predictions on insurance/1",
    });
    expect(
      within(files).getByRole("link", { name: "Submission s-other-0002 of sea-lions" }),
    ).toHaveAttribute("href", "/admin/submissions/s-other-0002");
  });

  it("shows no flags section for a team without any", async () => {
    stubApi((call) => (call.method === "GET" ? jsonResponse(team) : undefined));
    render(<TeamDetail teamId={team.id} />, { auth: { user: organizer } });
    await screen.findByRole("table", { name: "Members" });
    expect(screen.queryByRole("region", { name: /^Flags/ })).toBeNull();
  });

  it("marks flagged teams in the list and asks the server for flagged teams only", async () => {
    const calls = stubApi((call) =>
      call.path === "/api/admin/teams"
        ? jsonResponse({
            teams: [
              teamRow("a", {
                name: "alpha",
                flags: [samePerson, samePredictions, samePredictions],
              }),
              teamRow("b", { name: "beta" }),
            ],
            next_cursor: null,
          })
        : undefined,
    );
    const user = userEvent.setup();
    render(<TeamsList />, { auth: { user: organizer } });
    const table = await screen.findByRole("table", { name: "Teams" });
    const [alpha, beta] = within(table).getAllByRole("row").slice(1);
    expect(alpha).toHaveTextContent("Same person?");
    expect(alpha).toHaveTextContent("Same predictions (2)");
    expect(beta).toHaveTextContent("None");

    await user.selectOptions(screen.getByLabelText("Flags"), "Flagged only");
    await waitFor(() =>
      expect(calls.filter((call) => call.path === "/api/admin/teams").at(-1)!.query.flagged).toBe(
        "true",
      ),
    );
  });
});
