import type { SubmissionHistoryItem } from "@tandem/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  jsonResponse,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from "../../../test-utils/render";
import { formatSubmittedAt } from "./format";
import { MySubmissions } from "./MySubmissions";
import { SUBMISSION_MESSAGES as M } from "./messages";
import { SubmissionHistory } from "./SubmissionHistory";
import { historyItem, ladder, queryOf, summaryItem } from "./testData";

type Page = { submissions: SubmissionHistoryItem[]; next_cursor: string | null };

/** Answers history reads with `page(query)` and summary reads with one challenge. */
function stubApi(page: (query: URLSearchParams) => Page) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    // MySubmissions' score chart reads one challenge's history (`challenge=`): not the table's.
    if (path.startsWith("/api/submissions/history?") && queryOf(path).has("challenge")) {
      return jsonResponse({ submissions: [], next_cursor: null });
    }
    if (path.startsWith("/api/submissions/history?")) return jsonResponse(page(queryOf(path)));
    if (path === "/api/submissions/summary") return jsonResponse({ challenges: [summaryItem()] });
    return jsonResponse({ error: "Not found", code: "not_found" }, 404);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function historyQueries(fetch: ReturnType<typeof stubApi>) {
  return fetch.mock.calls
    .map(([input]) => String(input))
    .filter((path) => path.startsWith("/api/submissions/history?"))
    .map(queryOf);
}

const summaryReads = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([input]) => String(input) === "/api/submissions/summary").length;

const table = () => screen.findByRole("table", { name: M.historyCaption });

function bodyRows(element: HTMLElement) {
  return within(element).getAllByRole("row").slice(1);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("SubmissionHistory", () => {
  it("shows each submission's time, challenge, status with its full message, score, counting, submitter, note and final mark", async () => {
    const message =
      "Submission failed validation: row 12: FraudLabel must be 0 or 1, got 'yes'; row 13: FraudLabel must be 0 or 1, got 'no'";
    stubApi(() => ({
      submissions: [
        historyItem("s-3", {
          status: "invalid",
          score: null,
          error: message,
          counted: false,
          submitted_by: { kind: "user", username: "ada" },
          note: "tried string labels",
          created_at: "2026-11-21T16:00:00.000Z",
        }),
        historyItem("s-2", {
          challenge_key: "retail-banking/2",
          challenge: 2,
          final: true,
          score: 0.75,
        }),
      ],
      next_cursor: null,
    }));
    render(<SubmissionHistory />);

    const [invalid, scored] = bodyRows(await table());
    // Two lines: the domain and number, then the title (its full name in the tooltip).
    expect(invalid).toHaveTextContent("Retail Banking C1Fraud Detection");
    expect(within(invalid!).getByText("Fraud Detection")).toHaveAttribute(
      "title",
      "Retail Banking C1: Fraud Detection",
    );
    expect(invalid).toHaveTextContent("Invalid");
    expect(within(invalid!).getByText(message)).toBeInTheDocument();
    expect(invalid).toHaveTextContent(M.noScore);
    expect(invalid).toHaveTextContent(M.practice);
    expect(invalid).toHaveTextContent(M.sentBy("ada"));
    expect(invalid).toHaveTextContent("tried string labels");
    expect(invalid).toHaveTextContent(M.notFinal);
    const link = within(invalid!).getByRole("link", {
      name: formatSubmittedAt("2026-11-21T16:00:00.000Z"),
    });
    expect(link).toHaveAttribute("href", "/submissions/s-3");

    expect(scored).toHaveTextContent("Retail Banking C2Credit Default Prediction");
    expect(scored).toHaveTextContent("Scored");
    expect(scored).toHaveTextContent("0.7500 public score");
    expect(scored).toHaveTextContent(M.counted);
    expect(scored).toHaveTextContent(M.apiKey);
    expect(scored).toHaveTextContent(M.noNote);
    expect(within(scored!).getByText(M.finalMark)).toBeInTheDocument();
  });

  it("marks a score that was no significant improvement as the team's best so far", async () => {
    stubApi(() => ({
      submissions: [
        historyItem("s-2", { score: 0.67, feedback: ladder(false) }),
        historyItem("s-1", { score: 0.67, feedback: ladder(true) }),
      ],
      next_cursor: null,
    }));
    render(<SubmissionHistory />);

    const [same, best] = bodyRows(await table());
    expect(same).toHaveTextContent("0.6700 public score");
    expect(within(same!).getByText(M.bestSoFarLabel)).toBeInTheDocument();
    expect(best).toHaveTextContent("0.6700 public score");
    expect(within(best!).queryByText(M.bestSoFarLabel)).not.toBeInTheDocument();
  });

  it("says how to start when the team has no submissions", async () => {
    stubApi(() => ({ submissions: [], next_cursor: null }));
    render(<SubmissionHistory />);

    expect(await screen.findByText(M.empty)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("asks the server for the chosen domain, challenge and status, with challenges following the domain", async () => {
    const fetch = stubApi(() => ({ submissions: [historyItem("s-1")], next_cursor: null }));
    const user = userEvent.setup();
    render(<SubmissionHistory />);
    await table();
    expect(Object.fromEntries(historyQueries(fetch)[0]!)).toEqual({ limit: "25" });

    const challenge = screen.getByLabelText("Challenge");
    expect(within(challenge).getAllByRole("option")).toHaveLength(18);

    await user.selectOptions(screen.getByLabelText("Domain"), "Retail Banking");
    await waitFor(() =>
      expect(Object.fromEntries(historyQueries(fetch).at(-1)!)).toEqual({
        limit: "25",
        domain: "retail-banking",
      }),
    );
    expect(
      within(challenge)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([M.allChallenges, "C1: Fraud Detection", "C2: Credit Default Prediction"]);

    await user.selectOptions(challenge, "C2: Credit Default Prediction");
    await user.selectOptions(screen.getByLabelText("Status"), "Failed");
    await waitFor(() =>
      expect(Object.fromEntries(historyQueries(fetch).at(-1)!)).toEqual({
        limit: "25",
        domain: "retail-banking",
        challenge: "retail-banking/2",
        status: "failed",
      }),
    );

    await user.selectOptions(screen.getByLabelText("Domain"), "Healthcare");
    await waitFor(() =>
      expect(Object.fromEntries(historyQueries(fetch).at(-1)!)).toEqual({
        limit: "25",
        domain: "healthcare",
        status: "failed",
      }),
    );
    expect(challenge).toHaveValue("");
  });

  it("says no submission matches when a filter leaves none", async () => {
    stubApi((query) => ({
      submissions: query.get("status") === "failed" ? [] : [historyItem("s-1")],
      next_cursor: null,
    }));
    const user = userEvent.setup();
    render(<SubmissionHistory />);
    await table();

    await user.selectOptions(screen.getByLabelText("Status"), "Failed");

    expect(await screen.findByText(M.emptyFiltered)).toBeInTheDocument();
  });

  it("pages to older submissions with the server's cursor and back to newer ones", async () => {
    const fetch = stubApi((query) => {
      const cursor = query.get("cursor");
      if (cursor === "c2") {
        return { submissions: [historyItem("s-older", { note: "page two" })], next_cursor: "c3" };
      }
      if (cursor === "c3") {
        return {
          submissions: [historyItem("s-oldest", { note: "page three" })],
          next_cursor: null,
        };
      }
      return { submissions: [historyItem("s-newest", { note: "page one" })], next_cursor: "c2" };
    });
    const user = userEvent.setup();
    render(<SubmissionHistory />);

    await screen.findByText("page one");
    const newer = screen.getByRole("button", { name: M.newer });
    const older = screen.getByRole("button", { name: M.older });
    expect(newer).toBeDisabled();
    expect(screen.getByText("Page 1")).toBeInTheDocument();

    await user.click(older);
    await screen.findByText("page two");
    expect(screen.getByText("Page 2")).toBeInTheDocument();
    await user.click(older);
    await screen.findByText("page three");
    expect(older).toBeDisabled();

    await user.click(newer);
    await screen.findByText("page two");
    await user.click(newer);
    await screen.findByText("page one");
    expect(newer).toBeDisabled();
    expect(historyQueries(fetch).map((q) => q.get("cursor"))).toEqual(
      expect.arrayContaining([null, "c2", "c3"]),
    );
    expect(historyQueries(fetch).filter((q) => q.get("cursor") === "c3")).toHaveLength(1);
  });

  it("goes back to the first page when a filter changes", async () => {
    const fetch = stubApi((query) =>
      query.get("cursor") === "c2"
        ? { submissions: [historyItem("s-older", { note: "page two" })], next_cursor: null }
        : { submissions: [historyItem("s-newest", { note: "page one" })], next_cursor: "c2" },
    );
    const user = userEvent.setup();
    render(<SubmissionHistory />);
    await user.click(await screen.findByRole("button", { name: M.older }));
    await screen.findByText("page two");

    await user.selectOptions(screen.getByLabelText("Status"), "Scored");

    await screen.findByText("page one");
    const last = historyQueries(fetch).at(-1)!;
    expect(last.get("status")).toBe("scored");
    expect(last.get("cursor")).toBeNull();
  });

  it("updates a queued submission's status as it is scored, without a reload, then polls no sooner than idle", async () => {
    let reads = 0;
    const fetch = stubApi(() => {
      reads += 1;
      const status = reads === 1 ? "queued" : reads === 2 ? "scoring" : "scored";
      return {
        submissions: [
          historyItem("s-1", { status, score: status === "scored" ? 0.9 : null, scored_at: null }),
        ],
        next_cursor: null,
      };
    });
    render(<MySubmissions />);

    const row = () => bodyRows(screen.getByRole("table", { name: M.historyCaption }))[0]!;
    await table();
    expect(row()).toHaveTextContent("Queued");
    const summaryBefore = summaryReads(fetch);

    await waitFor(() => expect(row()).toHaveTextContent("Scoring"));
    await waitFor(() => expect(row()).toHaveTextContent("0.9000 public score"));
    expect(row()).toHaveTextContent("Scored");
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "Submission to Retail Banking C1: Fraud Detection is now scored.",
      ),
    );
    // The finished submission changed the day's best score: the overview is read again.
    await waitFor(() => expect(summaryReads(fetch)).toBeGreaterThan(summaryBefore));

    const readsWhenDone = reads;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(reads).toBe(readsWhenDone);
  });

  it("waits longer between polls while nothing changes (1 s doubling to at most 15 s) and polls sooner after a change", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const times: number[] = [];
    stubApi(() => {
      times.push(Date.now());
      const status = times.length <= 6 ? "queued" : "scoring";
      return { submissions: [historyItem("s-1", { status, score: null })], next_cursor: null };
    });
    render(<SubmissionHistory />);
    await table();

    // Steps of 100 ms, each followed by a turn of the event loop for React's re-render.
    const nextPoll = async () => {
      const count = times.length;
      for (let step = 0; step < 200 && times.length === count; step++) {
        await vi.advanceTimersByTimeAsync(100);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    for (let i = 0; i < 7; i++) await nextPoll();
    const gaps = times.slice(1).map((t, i) => Math.round((t - times[i]!) / 1000));
    expect(gaps).toEqual([1, 2, 4, 8, 15, 15, 1]);
  });

  it("reads the first page every 15 s when nothing is unfinished, and shows a submission sent elsewhere", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const times: number[] = [];
    const fetch = stubApi(() => {
      times.push(Date.now());
      const items = [historyItem("s-1", { status: "scored", score: 0.5 })];
      if (times.length > 1) items.unshift(historyItem("s-2", { status: "scored", score: 0.7 }));
      return { submissions: items, next_cursor: null };
    });
    render(<MySubmissions />);
    const rows = () => bodyRows(screen.getByRole("table", { name: M.historyCaption }));
    await table();
    expect(rows()).toHaveLength(1);
    const summaryBefore = summaryReads(fetch);

    for (let step = 0; step < 200 && times.length < 2; step++) {
      await vi.advanceTimersByTimeAsync(100);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(Math.round((times[1]! - times[0]!) / 1000)).toBe(15);
    await waitFor(() => expect(rows()).toHaveLength(2));
    // A new submission changes the day's count: the overview is read again.
    await waitFor(() => expect(summaryReads(fetch)).toBeGreaterThan(summaryBefore));
  });
});
