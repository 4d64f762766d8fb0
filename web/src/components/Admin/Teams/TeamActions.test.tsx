import { describe, expect, it } from "vitest";
import { jsonResponse, render, screen, userEvent, within } from "../../../../test-utils/render";
import { organizer, stubApi, teamDetail } from "../testApi";
import { TeamDetail } from "./TeamDetail";

const team = teamDetail();

describe("a team's page", () => {
  it("asks for a reason before disqualifying, and sends it", async () => {
    const calls = stubApi((call) => {
      if (call.method === "GET" && call.path === `/api/admin/teams/${team.id}`)
        return jsonResponse(team);
      if (call.path === `/api/admin/teams/${team.id}/disqualify`)
        return jsonResponse({
          changed: true,
          team: { ...team, disqualified: true, standing: "disqualified" },
        });
      return undefined;
    });
    const user = userEvent.setup();
    render(<TeamDetail teamId={team.id} />, { auth: { user: organizer } });

    await user.click(await screen.findByRole("button", { name: "Disqualify" }));
    const dialog = screen.getByRole("dialog", { name: "Disqualify river-otters" });
    await user.click(within(dialog).getByRole("button", { name: "Disqualify" }));
    expect(within(dialog).getByText("A reason is required.")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    // Pasted: the reason's text is under test, not 30 keystrokes' re-renders (slow on a busy machine).
    await user.click(within(dialog).getByLabelText(/Reason/));
    await user.paste("  Shared accounts across teams ");
    await user.click(within(dialog).getByRole("button", { name: "Disqualify" }));

    expect(await screen.findByText("river-otters is disqualified.")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      expect.objectContaining({
        path: `/api/admin/teams/${team.id}/disqualify`,
        body: { reason: "Shared accounts across teams" },
      }),
    ]);
  });

  it("shows the members, the per-challenge results and links to the latest submissions", async () => {
    const withSubmission = teamDetail({
      latest_submissions: [
        {
          id: "s-1",
          challenge_key: "insurance/1",
          status: "failed",
          public_score: null,
          counted: true,
          submitted_via: "api",
          error_message: "worker crashed",
          created_at: "2026-02-01T10:00:00.000Z",
          scored_at: null,
        },
      ],
    });
    stubApi((call) => (call.method === "GET" ? jsonResponse(withSubmission) : undefined));
    render(<TeamDetail teamId={team.id} />, { auth: { user: organizer } });

    const members = await screen.findByRole("table", { name: "Members" });
    expect(members).toHaveTextContent("alice@example.com");
    expect(screen.getByRole("table", { name: "Per-challenge results" })).toHaveTextContent(
      "0.5000",
    );
    const latest = screen.getByRole("table", { name: "Latest submissions" });
    expect(within(latest).getByRole("link")).toHaveAttribute("href", "/admin/submissions/s-1");
    expect(latest).toHaveTextContent("worker crashed");
  });
});
