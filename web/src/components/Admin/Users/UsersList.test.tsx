import { describe, expect, it } from "vitest";
import {
  jsonResponse,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from "../../../../test-utils/render";
import { organizer, refusal, stubApi, userRow } from "../testApi";
import { USERS_PAGE_SIZE, UsersList } from "./UsersList";

const me = userRow(organizer.id, { username: "me", admin_access: true });
const bob = userRow("u-bob", { username: "bob", team: { id: "t-1", name: "otters" } });

const posts = (calls: ReturnType<typeof stubApi>) => calls.filter((call) => call.method === "POST");

describe("UsersList", () => {
  it("sends the search and filters and links each user's team", async () => {
    const calls = stubApi((call) =>
      call.path === "/api/admin/users"
        ? jsonResponse({ users: [bob], next_cursor: null })
        : undefined,
    );
    const user = userEvent.setup();
    render(<UsersList />, { auth: { user: organizer } });

    const table = await screen.findByRole("table", { name: "Users" });
    expect(within(table).getByRole("link", { name: "otters" })).toHaveAttribute(
      "href",
      "/admin/teams/t-1",
    );

    await user.selectOptions(screen.getByLabelText("Role"), "Organizers");
    await user.selectOptions(screen.getByLabelText("Account status"), "Disabled");
    await user.type(screen.getByLabelText("Search users"), "bob@");
    await waitFor(() =>
      expect(calls.at(-1)!.query).toEqual({
        query: "bob@",
        admin: "true",
        status: "disabled",
        limit: String(USERS_PAGE_SIZE),
      }),
    );
  });

  it("revokes admin access after confirming, and shows the self-revoke refusal by its code", async () => {
    const calls = stubApi((call) => {
      if (call.path === "/api/admin/users") return jsonResponse({ users: [me], next_cursor: null });
      if (call.path === `/api/admin/users/${me.id}/admin`)
        return refusal(409, "admin.self_revoke", "server words that may change");
      return undefined;
    });
    const user = userEvent.setup();
    render(<UsersList />, { auth: { user: organizer } });

    await user.click(await screen.findByRole("switch", { name: "Admin access for me" }));
    const dialog = screen.getByRole("dialog", { name: "Revoke me's admin access?" });
    expect(posts(calls)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Revoke admin access" }));

    expect(
      await within(dialog).findByText(
        "You cannot revoke your own admin access; another organizer can.",
      ),
    ).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      expect.objectContaining({
        path: `/api/admin/users/${me.id}/admin`,
        body: { admin_access: false },
      }),
    ]);
  });

  it("disables an account after confirming and grants admin access with the switch", async () => {
    let current = bob;
    const calls = stubApi((call) => {
      if (call.path === "/api/admin/users")
        return jsonResponse({ users: [current], next_cursor: null });
      if (call.path === `/api/admin/users/${bob.id}/disable`) {
        current = { ...bob, status: "disabled" };
        return jsonResponse({ changed: true, user: current });
      }
      if (call.path === `/api/admin/users/${bob.id}/admin`)
        return jsonResponse({ changed: true, user: { ...current, admin_access: true } });
      return undefined;
    });
    const user = userEvent.setup();
    render(<UsersList />, { auth: { user: organizer } });

    await user.click(await screen.findByRole("button", { name: "Disable bob" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Disable bob?" })).getByRole("button", {
        name: "Disable account",
      }),
    );
    expect(await screen.findByText("bob is signed out everywhere.")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Enable bob" })).toBeInTheDocument();

    await user.click(screen.getByRole("switch", { name: "Admin access for bob" }));
    await user.click(screen.getByRole("button", { name: "Grant admin access" }));
    expect(await screen.findByText("bob is now an organizer.")).toBeInTheDocument();
    expect(posts(calls).map((call) => [call.path, call.body])).toEqual([
      [`/api/admin/users/${bob.id}/disable`, {}],
      [`/api/admin/users/${bob.id}/admin`, { admin_access: true }],
    ]);
  });
});
