import { AUDIT_ACTION_NAMES } from "@tandem/contracts";
import { describe, expect, it } from "vitest";
import {
  jsonResponse,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from "../../../../test-utils/render";
import { organizer, stubApi } from "../testApi";
import { toLocalInput } from "../time";
import { AUDIT_PAGE_SIZE, AuditLog } from "./AuditLog";

const TEAM_ID = "5b0c2a5e-6a57-4d36-9f39-1f7b3c0c8a11";
const entry = {
  id: "1",
  actor_id: organizer.id,
  actor_email: "org@example.com",
  actor_name: "Olga Organizer",
  action: "team.disqualify",
  target_type: "team",
  target_id: TEAM_ID,
  target_name: "Night Owls",
  before: { disqualified_at: null, disqualification_reason: null, limits: { daily: 5 } },
  after: {
    disqualified_at: null,
    disqualification_reason: "Shared accounts",
    limits: { daily: 3 },
    note: "",
  },
  created_at: "2026-02-01T10:00:00.000Z",
};

describe("the audit log", () => {
  it("names the actor and the target, keeps the ids in reach, and lists what changed", async () => {
    stubApi((call) =>
      call.path === "/api/admin/audit"
        ? jsonResponse({ entries: [entry], next_cursor: null })
        : undefined,
    );
    render(<AuditLog />, { auth: { user: organizer } });

    const table = await screen.findByRole("table", { name: "Audit log" });
    const [row] = within(table).getAllByRole("row").slice(1);
    const cells = within(row!).getAllByRole("cell");
    expect(cells[1]).toHaveTextContent("Olga Organizer");
    expect(cells[1]).toHaveTextContent("org@example.com");
    expect(cells[1]!.querySelector("[title]")?.getAttribute("title")).toBe(organizer.id);
    expect(cells[2]).toHaveTextContent("Team disqualified");
    expect(cells[2]).toHaveTextContent("team.disqualify");
    const team = within(cells[3]!).getByRole("link", { name: "Night Owls" });
    expect(team).toHaveAttribute("href", `/admin/teams/${TEAM_ID}`);
    expect(team.closest("[title]")).toHaveAttribute("title", TEAM_ID);
    expect(cells[3]).not.toHaveTextContent(TEAM_ID);

    const changes = within(cells[4]!)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(changes).toEqual([
      "disqualification_reason: none → changed to Shared accounts",
      "limits.daily: 5 → changed to 3",
      "note: (empty)",
    ]);
    expect(cells[4]).not.toHaveTextContent("{");
  });

  it("shows the e-mail and the id when no name is known (the operator, a challenge)", async () => {
    stubApi((call) =>
      call.path === "/api/admin/audit"
        ? jsonResponse({
            entries: [
              {
                ...entry,
                actor_id: null,
                actor_email: "operator",
                actor_name: null,
                action: "challenge.rescore",
                target_type: "challenge",
                target_id: "retail-banking-1",
                target_name: null,
                before: null,
                after: null,
              },
            ],
            next_cursor: null,
          })
        : undefined,
    );
    render(<AuditLog />, { auth: { user: organizer } });
    const table = await screen.findByRole("table", { name: "Audit log" });
    const cells = within(within(table).getAllByRole("row")[1]!).getAllByRole("cell");
    expect(cells[1]).toHaveTextContent("operator");
    expect(cells[3]).toHaveTextContent("retail-banking-1");
    expect(within(cells[3]!).queryByRole("link")).toBeNull();
    expect(cells[4]).toHaveTextContent("No recorded change");
  });

  it("sends the action, actor, target and time filters, and pages with the cursor", async () => {
    const calls = stubApi((call) =>
      call.path === "/api/admin/audit"
        ? jsonResponse({ entries: [entry], next_cursor: call.query.cursor ? null : "c-2" })
        : undefined,
    );
    const user = userEvent.setup();
    render(<AuditLog />, { auth: { user: organizer } });
    await screen.findByRole("table", { name: "Audit log" });
    expect(calls[0]!.query).toEqual({ limit: String(AUDIT_PAGE_SIZE) });

    const since = "2026-02-01T09:30:00.000Z";
    const picker = screen.getByRole("combobox", { name: "Action" });
    // Every action the gateway records, and nothing typed by hand.
    expect(within(picker).getAllByRole("option")).toHaveLength(AUDIT_ACTION_NAMES.length + 1);
    await user.selectOptions(picker, "team.disqualify");
    await user.type(screen.getByLabelText("Actor"), "org@example.com");
    await user.type(screen.getByLabelText("Target type"), "team");
    await user.type(screen.getByLabelText("Target id"), "t-1");
    await user.type(screen.getByLabelText("Since"), toLocalInput(since));

    await waitFor(() =>
      expect(calls.at(-1)!.query).toEqual({
        action: "team.disqualify",
        actor: "org@example.com",
        target_type: "team",
        target_id: "t-1",
        since,
        limit: String(AUDIT_PAGE_SIZE),
      }),
    );

    await user.click(await screen.findByRole("button", { name: "Older" }));
    await waitFor(() => expect(calls.at(-1)!.query.cursor).toBe("c-2"));
    expect(calls.at(-1)!.query.action).toBe("team.disqualify");
  });
});
