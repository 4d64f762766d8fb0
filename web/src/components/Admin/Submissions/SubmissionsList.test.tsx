import { describe, expect, it } from "vitest";
import {
  jsonResponse,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from "../../../../test-utils/render";
import { organizer, refusal, stubApi } from "../testApi";
import { SUBMISSIONS_PAGE_SIZE, SubmissionsList } from "./SubmissionsList";

const TEAM = "7b0c7b52-3f4d-4bd4-9d8e-111111111111";
const list = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((call) => call.path === "/api/admin/submissions");

const progress = (remaining: number) => ({
  challenge_key: "insurance/1",
  started_at: "2026-02-01T10:00:00.000Z",
  started_by: "org@example.com",
  total: 4,
  remaining,
  done: 4 - remaining,
  scores_changed: { count: remaining === 0 ? 1 : 0, largest: [] },
  ranks_changed:
    remaining === 0 ? [{ team: { id: TEAM, name: "otters" }, rank_before: 2, rank_after: 1 }] : [],
});

describe("the organizers' submissions list", () => {
  it("starts with the filters of its link and sends the team only once it is a whole id", async () => {
    const calls = stubApi((call) =>
      call.path === "/api/admin/submissions"
        ? jsonResponse({ submissions: [], next_cursor: null })
        : undefined,
    );
    const user = userEvent.setup();
    render(<SubmissionsList />, {
      route: "/admin/submissions?status=failed",
      auth: { user: organizer },
    });

    expect(await screen.findByText("No submission matches these filters.")).toBeInTheDocument();
    expect(list(calls)[0]!.query).toEqual({
      status: "failed",
      limit: String(SUBMISSIONS_PAGE_SIZE),
    });

    await user.selectOptions(screen.getByLabelText(/^Challenge$/), "insurance/1");
    await user.type(screen.getByLabelText("Team id"), TEAM.slice(0, 10));
    expect(screen.getByText("A team id is a UUID")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Team id"), TEAM.slice(10));
    await waitFor(() =>
      expect(list(calls).at(-1)!.query).toEqual({
        team: TEAM,
        challenge: "insurance/1",
        status: "failed",
        limit: String(SUBMISSIONS_PAGE_SIZE),
      }),
    );
    expect(list(calls).some((call) => call.query.team === TEAM.slice(0, 10))).toBe(false);
  });

  it("rescores a challenge after confirming and follows its progress until nothing remains", async () => {
    let started = false;
    let readsSinceStart = 0;
    const calls = stubApi((call) => {
      if (call.path === "/api/admin/submissions")
        return jsonResponse({ submissions: [], next_cursor: null });
      if (call.path === "/api/admin/challenges/insurance%2F1/rescore") {
        if (call.method === "POST") {
          started = true;
          return jsonResponse({ queued: 4, challenge_key: "insurance/1" }, 202);
        }
        if (!started)
          return refusal(404, "admin.rescore_not_found", "No rescore of insurance/1 yet.");
        readsSinceStart += 1;
        return jsonResponse(progress(readsSinceStart === 1 ? 3 : 0));
      }
      return undefined;
    });
    const user = userEvent.setup();
    render(<SubmissionsList />, { auth: { user: organizer } });

    await user.selectOptions(screen.getByLabelText("Challenge to rescore"), "insurance/1");
    expect(
      await screen.findByText("No rescore of insurance/1 has been started."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Rescore challenge" }));
    const dialog = screen.getByRole("dialog", { name: "Rescore every submission of insurance/1?" });
    await user.click(within(dialog).getByRole("button", { name: "Rescore" }));

    expect(
      await screen.findByText("4 submissions of insurance/1 went back into the queue."),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
      "/api/admin/challenges/insurance%2F1/rescore",
    ]);
    expect(await screen.findByText(/1 of 4 rescored, 3 remaining/)).toBeInTheDocument();
    // Read again while submissions remain, then the answer of what moved.
    expect(await screen.findByText("otters: #2 → #1")).toBeInTheDocument();
    expect(screen.getByText(/all 4 rescored/)).toBeInTheDocument();
  });
});

describe("the list while submissions are being scored", () => {
  const row = (status: "queued" | "scored") => ({
    id: "5d1f0b8e-0000-4000-8000-000000000001",
    team: { id: TEAM, name: "otters" },
    challenge_key: "insurance/1",
    status,
    metric_name: "Macro-F1",
    public_score: status === "scored" ? 0.5 : null,
    private_score: status === "scored" ? 0.5 : null,
    counted: true,
    final: false,
    row_count: 10,
    error: null,
    note: null,
    submitted_by: { kind: "api_key", username: null },
    attempts: 1,
    created_at: "2026-02-01T10:00:00.000Z",
    scored_at: status === "scored" ? "2026-02-01T10:00:05.000Z" : null,
  });

  it("reads the page again until no row shown is unfinished", async () => {
    let reads = 0;
    const calls = stubApi((call) => {
      if (call.path !== "/api/admin/submissions") return undefined;
      reads += 1;
      return jsonResponse({
        submissions: [row(reads === 1 ? "queued" : "scored")],
        next_cursor: null,
      });
    });
    render(<SubmissionsList />, { route: "/admin/submissions", auth: { user: organizer } });

    const table = await screen.findByRole("table", { name: /submissions/i });
    expect(within(table).getByText(/queued/i)).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByText(/scored/i)).toBeInTheDocument());
    // Nothing unfinished any more: no further reads.
    const settled = list(calls).length;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(list(calls).length).toBe(settled);
  });
});
