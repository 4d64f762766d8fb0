import { describe, expect, it } from "vitest";
import {
  jsonResponse,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from "../../../../test-utils/render";
import { organizer, stubApi, teamRow } from "../testApi";
import { TEAMS_PAGE_SIZE, TeamsList } from "./TeamsList";

const listCalls = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((call) => call.method === "GET" && call.path === "/api/admin/teams");

describe("TeamsList", () => {
  it("pages with the server's cursor and goes back without it", async () => {
    const calls = stubApi((call) => {
      if (call.path !== "/api/admin/teams") return undefined;
      return call.query.cursor === "c-2"
        ? jsonResponse({ teams: [teamRow("b", { name: "beta" })], next_cursor: null })
        : jsonResponse({ teams: [teamRow("a", { name: "alpha" })], next_cursor: "c-2" });
    });
    const user = userEvent.setup();
    render(<TeamsList />, { auth: { user: organizer } });

    expect(await screen.findByRole("link", { name: "alpha" })).toHaveAttribute(
      "href",
      "/admin/teams/a",
    );
    expect(listCalls(calls)[0]!.query).toEqual({
      sort: "name",
      order: "asc",
      limit: String(TEAMS_PAGE_SIZE),
    });

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("link", { name: "beta" })).toBeInTheDocument();
    expect(listCalls(calls).at(-1)!.query.cursor).toBe("c-2");
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByRole("link", { name: "alpha" })).toBeInTheDocument();
  });

  it("asks the server for the search (after typing pauses), status, sort and order, from the first page", async () => {
    const calls = stubApi((call) =>
      call.path === "/api/admin/teams"
        ? jsonResponse({ teams: [teamRow("a")], next_cursor: "c-2" })
        : undefined,
    );
    const user = userEvent.setup();
    render(<TeamsList />, { auth: { user: organizer } });
    await screen.findByRole("table", { name: "Teams" });
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.cursor).toBe("c-2"));

    await user.selectOptions(screen.getByLabelText("Status"), "Disqualified");
    await user.selectOptions(screen.getByLabelText("Sort by"), "Last submission");
    await user.selectOptions(screen.getByLabelText("Order"), "Descending");
    await user.type(screen.getByLabelText("Search teams"), "otter");

    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.query).toEqual({
        query: "otter",
        status: "disqualified",
        sort: "last_submission",
        order: "desc",
        limit: String(TEAMS_PAGE_SIZE),
      }),
    );
    // Typing is not sent letter by letter.
    expect(listCalls(calls).filter((call) => call.query.query === "o")).toHaveLength(0);
  });

  it("activates the selected teams in one request and shows what happened to each", async () => {
    const calls = stubApi((call) => {
      if (call.path === "/api/admin/teams")
        return jsonResponse({
          teams: [teamRow("t-1", { name: "alpha" }), teamRow("t-2", { name: "beta" })],
          next_cursor: null,
        });
      if (call.path === "/api/admin/teams/activate")
        return jsonResponse({
          results: [
            { team_id: "t-1", outcome: "activated" },
            { team_id: "t-2", outcome: "already_active" },
          ],
        });
      return undefined;
    });
    const user = userEvent.setup();
    render(<TeamsList />, { auth: { user: organizer } });

    const activate = await screen.findByRole("button", { name: "Activate selected" });
    expect(activate).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Select alpha" }));
    await user.click(screen.getByRole("checkbox", { name: "Select beta" }));
    await user.click(screen.getByRole("button", { name: "Activate selected (2)" }));

    const post = calls.find((call) => call.path === "/api/admin/teams/activate");
    expect(post).toMatchObject({ method: "POST", body: { team_ids: ["t-1", "t-2"] } });
    const results = await screen.findByRole("status");
    expect(results).toHaveTextContent("1 of 2 teams activated");
    expect(within(results).getByText("alpha").parentElement).toHaveTextContent("alpha: activated");
    expect(within(results).getByText("beta").parentElement).toHaveTextContent(
      "beta: was already active",
    );
    // The list is read again after the change.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });
});
