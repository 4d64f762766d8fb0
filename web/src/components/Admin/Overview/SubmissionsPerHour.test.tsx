import { describe, expect, it, vi } from "vitest";
import { jsonResponse, render, screen, userEvent, within } from "../../../../test-utils/render";
import { SubmissionsPerHour } from "./SubmissionsPerHour";

const HOUR = 3_600_000;
const FROM = Date.parse("2026-11-28T09:00:00.000Z");

describe("SubmissionsPerHour", () => {
  it("says the total and the busiest hour, and lists every hour", async () => {
    const counts = [0, 4, 1];
    const fetch = vi.fn(async () =>
      jsonResponse({
        from: new Date(FROM).toISOString(),
        to: new Date(FROM + 3 * HOUR).toISOString(),
        total: 5,
        hours: counts.map((submissions, i) => ({
          hour: new Date(FROM + i * HOUR).toISOString(),
          submissions,
        })),
      }),
    );
    vi.stubGlobal("fetch", fetch);
    render(<SubmissionsPerHour />);
    const figure = await screen.findByRole("figure", { name: "Submissions per hour" });
    expect(fetch).toHaveBeenCalledWith("/api/admin/stats/submissions-per-hour", expect.anything());
    const busiest = new Intl.DateTimeFormat(undefined, {
      dateStyle: "medium",
      timeStyle: "short",
    }).format(new Date(FROM + HOUR));
    expect(figure).toHaveTextContent(
      `5 submissions in the last 3 hours, since ${new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(FROM))}`,
    );
    expect(figure).toHaveTextContent(
      `The busiest hour began at ${busiest} with 4 submissions; this hour so far: 1.`,
    );
    await userEvent.click(within(figure).getByText("Show the data"));
    const rows = within(within(figure).getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.lastChild?.textContent)).toEqual(["0", "4", "1"]);
  });

  it("says what failed, with a retry, when the figures cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({ code: "auth.admin_required", message: "Admins only" }, 403)),
    );
    render(<SubmissionsPerHour />);
    expect(await screen.findByText("Submissions per hour could not be loaded")).toBeInTheDocument();
  });
});
