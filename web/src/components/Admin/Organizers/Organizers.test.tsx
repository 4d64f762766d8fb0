import type { AdminHolder, AdminInvitation } from "@tandem/contracts";
import { describe, expect, it } from "vitest";
import { jsonResponse, render, screen, userEvent, within } from "../../../../test-utils/render";
import AdminOrganizersPage from "../../../pages/admin/AdminOrganizersPage";
import { organizer, refusal, stubApi } from "../testApi";

const invitation = (overrides: Partial<AdminInvitation> = {}): AdminInvitation => ({
  id: "3f1f8c1e-0000-4000-8000-000000000001",
  label: "Grace",
  state: "open",
  created_by_email: "ada@example.com",
  created_at: "2026-01-10T12:00:00.000Z",
  expires_at: "2026-01-17T12:00:00.000Z",
  used_by_email: null,
  used_at: null,
  revoked_by_email: null,
  revoked_at: null,
  ...overrides,
});

const holder = (overrides: Partial<AdminHolder>): AdminHolder => ({
  id: "u-1",
  username: "someone",
  email: "someone@example.com",
  status: "active",
  admin_since: "2026-01-10T12:00:00.000Z",
  via: "organizer_code",
  invitation: null,
  granted_by_email: null,
  ...overrides,
});

const ADMINS = [
  holder({ id: "u-old", username: "founder", admin_since: null, via: "unknown" }),
  holder({ id: "u-code", username: "coder", via: "organizer_code" }),
  holder({
    id: "u-inv",
    username: "grace",
    via: "invitation",
    invitation: { id: "i-1", label: "Grace" },
  }),
  holder({ id: "u-con", username: "deputy", via: "console", granted_by_email: "ada@example.com" }),
];

describe("AdminOrganizersPage", () => {
  it("lists the admins with since when and through which code", async () => {
    stubApi((call) => {
      if (call.path === "/api/admin/admins") return jsonResponse({ admins: ADMINS });
      if (call.path === "/api/admin/invitations")
        return jsonResponse({ invitations: [], organizer_code_enabled: true });
      return undefined;
    });
    render(<AdminOrganizersPage />, { auth: { user: organizer } });
    const table = await screen.findByRole("table", { name: "Admins" });
    const row = (name: string) => within(table).getByText(name).closest("tr")!;
    expect(within(row("founder")).getByText("Before records began")).toBeInTheDocument();
    expect(within(row("founder")).getByText("Not recorded")).toBeInTheDocument();
    expect(within(row("coder")).getByText("Shared organizer code")).toBeInTheDocument();
    expect(within(row("grace")).getByText("Invitation for Grace")).toBeInTheDocument();
    expect(within(row("deputy")).getByText("Granted by ada@example.com")).toBeInTheDocument();
    expect(screen.getByText("The shared organizer code is on")).toBeInTheDocument();
  });

  it("makes an invitation and shows its code once, then revokes an open one after confirming", async () => {
    let invitations = [invitation({ id: "i-old", label: "Old friend" })];
    const calls = stubApi((call) => {
      if (call.path === "/api/admin/admins") return jsonResponse({ admins: [] });
      if (call.path === "/api/admin/invitations" && call.method === "GET")
        return jsonResponse({ invitations, organizer_code_enabled: false });
      if (call.path === "/api/admin/invitations" && call.method === "POST") {
        const made = invitation({ id: "i-new", label: "Barbara" });
        invitations = [made, ...invitations];
        return jsonResponse({ invitation: made, code: "tnd-org-secret-shown-once" }, 201);
      }
      if (call.path === "/api/admin/invitations/i-old/revoke") {
        invitations = invitations.map((i) =>
          i.id === "i-old" ? { ...i, state: "revoked", revoked_by_email: "ada@example.com" } : i,
        );
        return jsonResponse({ changed: true, invitation: invitations[1] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    render(<AdminOrganizersPage />, { auth: { user: organizer } });
    expect(await screen.findByText("The shared organizer code is off")).toBeInTheDocument();

    await user.type(screen.getByLabelText(/For whom/), "Barbara");
    await user.clear(screen.getByLabelText(/Valid for/));
    await user.type(screen.getByLabelText(/Valid for/), "3");
    await user.click(screen.getByRole("button", { name: "Make invitation" }));
    expect(await screen.findByLabelText("Invitation code")).toHaveTextContent(
      "tnd-org-secret-shown-once",
    );
    expect(screen.getByText("Invitation for Barbara")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      label: "Barbara",
      expires_in_days: 3,
    });
    // The list holds no code.
    const table = await screen.findByRole("table", { name: "Invitations" });
    expect(within(table).queryByText(/tnd-org-/)).toBeNull();

    await user.click(
      within(table).getByRole("button", { name: "Revoke the invitation for Old friend" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Revoke the invitation for Old friend?" });
    await user.click(within(dialog).getByRole("button", { name: "Revoke invitation" }));
    expect(await within(table).findByText("Revoked")).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/admin/invitations/i-old/revoke")).toBe(true);
  });

  it("shows a refused expiry beside its field", async () => {
    stubApi((call) => {
      if (call.path === "/api/admin/admins") return jsonResponse({ admins: [] });
      if (call.path === "/api/admin/invitations" && call.method === "GET")
        return jsonResponse({ invitations: [], organizer_code_enabled: true });
      if (call.path === "/api/admin/invitations")
        return refusal(400, "request.invalid", "Invalid request", {
          fields: { expires_in_days: "An invitation lasts at most 90 days" },
        });
      return undefined;
    });
    const user = userEvent.setup();
    render(<AdminOrganizersPage />, { auth: { user: organizer } });
    await user.click(await screen.findByRole("button", { name: "Make invitation" }));
    expect(await screen.findByText("An invitation lasts at most 90 days")).toBeInTheDocument();
    expect(screen.queryByLabelText("Invitation code")).toBeNull();
  });
});
