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

const entry = {
  id: "1",
  actor_id: organizer.id,
  actor_email: "org@example.com",
  action: "team.disqualify",
  target_type: "team",
  target_id: "t-1",
  before: { disqualified: false },
  after: { disqualified: true, reason: "Shared accounts" },
  created_at: "2026-02-01T10:00:00.000Z",
};

describe("the audit log", () => {
  it("shows each entry's before and after as formatted JSON", async () => {
    stubApi((call) =>
      call.path === "/api/admin/audit"
        ? jsonResponse({ entries: [entry], next_cursor: null })
        : undefined,
    );
    render(<AuditLog />, { auth: { user: organizer } });

    const table = await screen.findByRole("table", { name: "Audit log" });
    const [row] = within(table).getAllByRole("row").slice(1);
    expect(row).toHaveTextContent("org@example.com");
    expect(row).toHaveTextContent("team.disqualify");
    const after = within(row!).getByText(/"reason": "Shared accounts"/);
    expect(after.textContent).toBe(JSON.stringify(entry.after, null, 2));
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
    await user.type(screen.getByLabelText("Action"), "team.disqualify");
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
