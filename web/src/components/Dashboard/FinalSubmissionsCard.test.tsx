import {
  FINAL_CARD_MESSAGES,
  type FinalCandidatesChallenge,
  type SubmissionHistoryItem,
  TEAM_MESSAGES,
} from "@tandem/contracts";
import { describe, expect, it, vi } from "vitest";
import { ada } from "../../../test-utils/fixtures";
import {
  jsonResponse,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from "../../../test-utils/render";
import { onUnauthorized } from "../../api/client";
import { SUBMISSION_MESSAGES } from "../Submissions/messages";
import { EXACT, ladder } from "../Submissions/testData";
import { FinalSubmissionsCard } from "./FinalSubmissionsCard";
import { formatSubmittedAt } from "./finalSelection";

const FRAUD = "Retail Banking C1: Fraud Detection";
const DEFAULT = "Retail Banking C2: Credit Default Prediction";

function submission(
  id: string,
  challengeKey: string,
  createdAt: string,
  overrides: Partial<SubmissionHistoryItem> = {},
): SubmissionHistoryItem {
  const [slug, number] = challengeKey.split("/");
  return {
    submission_id: id,
    domain: slug === "healthcare" ? "Healthcare" : "Retail Banking",
    challenge: Number(number),
    challenge_key: challengeKey,
    status: "scored",
    score: 0.5,
    score_kind: "public",
    feedback: EXACT,
    final: false,
    metric_name: "F1",
    counted: true,
    row_count: 100,
    error: null,
    note: null,
    submitted_by: { kind: "api_key", username: null },
    created_at: createdAt,
    scored_at: createdAt,
    scored_on_earlier_answers: false,
    ...overrides,
  };
}

const OLDER = "2026-11-20T09:15:30.000Z";
const NEWER = "2026-11-21T14:05:10.000Z";

const markLabel = (createdAt: string, challenge: string) =>
  TEAM_MESSAGES.finalMarkLabel(formatSubmittedAt(createdAt), challenge);

const TITLES: Record<string, string> = {
  "retail-banking/1": "Fraud Detection",
  "retail-banking/2": "Credit Default Prediction",
  "healthcare/1": "Diagnosis",
};

/** `GET /api/submissions/final-candidates` over `items`, as the server groups them. */
function candidatesOf(
  items: SubmissionHistoryItem[],
  eligible: Record<string, number> = {},
): FinalCandidatesChallenge[] {
  const keys = [...new Set(items.map((item) => item.challenge_key))];
  return keys.map((key) => {
    const own = items.filter((item) => item.challenge_key === key);
    return {
      challenge_key: key,
      domain: own[0]!.domain,
      challenge: own[0]!.challenge,
      title: TITLES[key]!,
      limit: 2,
      marked: own.filter((item) => item.final).length,
      eligible: eligible[key] ?? own.length,
      candidates: own,
    };
  });
}

/**
 * A stand-in for the final-candidates and final-selection routes over `items`; `refuse`
 * answers a mark or unmark with an error instead.
 */
function fakeServer(
  items: SubmissionHistoryItem[],
  refuse?: { status: number; body: Record<string, unknown> },
  eligible: Record<string, number> = {},
) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === "/api/submissions/final-candidates") {
      return jsonResponse({ challenges: candidatesOf(items, eligible) });
    }
    const match = path.match(/^\/api\/submissions\/([^/]+)\/final$/);
    const item = items.find((i) => i.submission_id === match?.[1]);
    if (!item)
      return jsonResponse({ error: "Submission not found", code: "submission.not_found" }, 404);
    if (refuse) return jsonResponse(refuse.body, refuse.status);
    item.final = init?.method === "POST";
    return jsonResponse({
      success: true,
      score: item.score,
      score_kind: item.score_kind,
      final: item.final,
      metric_name: item.metric_name,
      validation_passed: true,
      details: { expected_format: "", actual_rows: 100, expected_rows: 100, validation_errors: [] },
      submission_id: item.submission_id,
      status: item.status,
      counted: item.counted,
      scored_on_earlier_answers: false,
    });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function finalCalls(fetch: ReturnType<typeof fakeServer>) {
  return fetch.mock.calls
    .filter(([input]) => String(input).endsWith("/final"))
    .map(([input, init]) => `${init?.method} ${String(input)}`);
}

describe("FinalSubmissionsCard", () => {
  it("lists each challenge's candidates by domain as the server gives them, with their public scores and marks", async () => {
    fakeServer([
      submission("s-new", "retail-banking/1", NEWER, { score: 0.8123 }),
      submission("s-old", "retail-banking/1", OLDER, { score: 0.75, final: true }),
      submission("s-health", "healthcare/1", OLDER, { score: 0.6 }),
    ]);
    render(<FinalSubmissionsCard />);

    const card = await screen.findByRole("article", { name: "Final submissions" });
    const fraud = await within(card).findByRole("table", { name: "C1: Fraud Detection" });
    const rows = within(fraud).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(formatSubmittedAt(NEWER));
    expect(rows[0]).toHaveTextContent("0.8123 public score");
    expect(rows[1]).toHaveTextContent("0.7500 public score");
    expect(within(card).getByText("1 of 2 marked")).toBeInTheDocument();
    expect(within(card).getByRole("switch", { name: markLabel(OLDER, FRAUD) })).toBeChecked();
    expect(within(card).getByRole("switch", { name: markLabel(NEWER, FRAUD) })).not.toBeChecked();

    expect(within(card).getByRole("heading", { name: "Retail Banking" })).toBeInTheDocument();
    expect(within(card).getByRole("heading", { name: "Healthcare" })).toBeInTheDocument();
    expect(within(card).getByText("0 of 2 marked")).toBeInTheDocument();
    expect(within(card).queryByRole("table", { name: /Credit Default/ })).not.toBeInTheDocument();
    expect(within(card).getAllByRole("switch")).toHaveLength(3);
    expect(within(card).getByText(TEAM_MESSAGES.finalNoneMarked(2))).toBeInTheDocument();
  });

  it("marks a submission final and shows it marked once the list is read again", async () => {
    const fetch = fakeServer([submission("s-1", "retail-banking/1", NEWER)]);
    const user = userEvent.setup();
    render(<FinalSubmissionsCard />);

    const toggle = await screen.findByRole("switch", { name: markLabel(NEWER, FRAUD) });
    await user.click(toggle);

    await screen.findByText("1 of 2 marked");
    expect(toggle).toBeChecked();
    expect(finalCalls(fetch)).toEqual(["POST /api/submissions/s-1/final"]);
    const historyReads = fetch.mock.calls.filter(([input]) => String(input).includes("/history"));
    expect(historyReads).toEqual([]);
    const listReads = fetch.mock.calls.filter(([input]) =>
      String(input).endsWith("/final-candidates"),
    );
    expect(listReads).toHaveLength(2);
  });

  it("unmarks a final submission", async () => {
    const fetch = fakeServer([submission("s-1", "retail-banking/1", NEWER, { final: true })]);
    const user = userEvent.setup();
    render(<FinalSubmissionsCard />);

    const toggle = await screen.findByRole("switch", { name: markLabel(NEWER, FRAUD) });
    expect(toggle).toBeChecked();
    await user.click(toggle);

    await screen.findByText("0 of 2 marked");
    expect(toggle).not.toBeChecked();
    expect(finalCalls(fetch)).toEqual(["DELETE /api/submissions/s-1/final"]);
  });

  it("shows the server's message when a mark would go over the limit, and leaves the switch off", async () => {
    const message =
      "Your team has already marked 2 final submissions for retail-banking/1 (at most 2): s-1, s-2. Unmark one first.";
    fakeServer(
      [
        submission("s-3", "retail-banking/1", "2026-11-22T08:00:00.000Z"),
        submission("s-2", "retail-banking/1", NEWER, { final: true }),
        submission("s-1", "retail-banking/1", OLDER, { final: true }),
      ],
      {
        status: 409,
        body: {
          error: message,
          code: "submission.final_limit",
          details: { challenge_key: "retail-banking/1", limit: 2, marked: ["s-1", "s-2"] },
        },
      },
    );
    const user = userEvent.setup();
    render(<FinalSubmissionsCard />);

    const toggle = await screen.findByRole("switch", {
      name: markLabel("2026-11-22T08:00:00.000Z", FRAUD),
    });
    await user.click(toggle);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(TEAM_MESSAGES.finalLimitTitle);
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).toBeEnabled();
    expect(screen.getByText("2 of 2 marked")).toBeInTheDocument();
  });

  it("disables every switch with the server's explanation once selection has closed", async () => {
    const message =
      "Final submissions can no longer be changed: selection closed with the competition window at 2026-11-23T05:59:00.000Z.";
    fakeServer(
      [
        submission("s-1", "retail-banking/1", NEWER, { final: true }),
        submission("s-2", "retail-banking/2", OLDER),
      ],
      { status: 409, body: { error: message, code: "submission.selection_closed" } },
    );
    const user = userEvent.setup();
    render(<FinalSubmissionsCard />);

    await user.click(await screen.findByRole("switch", { name: markLabel(NEWER, FRAUD) }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(TEAM_MESSAGES.finalClosedTitle);
    expect(alert).toHaveTextContent(message);
    const switches = screen.getAllByRole("switch");
    expect(switches).toHaveLength(2);
    for (const toggle of switches) expect(toggle).toBeDisabled();
    expect(screen.getByRole("switch", { name: markLabel(NEWER, FRAUD) })).toBeChecked();
    expect(screen.getByRole("switch", { name: markLabel(OLDER, DEFAULT) })).not.toBeChecked();
  });

  it("tells two equal scores apart by their notes and short ids, and says when some are not listed", async () => {
    const fetch = fakeServer(
      [
        submission("1a2b3c4d-0000-4000-8000-000000000001", "retail-banking/1", NEWER, {
          score: 0.7,
          note: "gradient boosting, 400 trees",
        }),
        submission("9f8e7d6c-0000-4000-8000-000000000002", "retail-banking/1", OLDER, {
          score: 0.7,
        }),
      ],
      undefined,
      { "retail-banking/1": 14 },
    );
    render(<FinalSubmissionsCard />);

    const table = await screen.findByRole("table", { name: "C1: Fraud Detection" });
    const [newer, older] = within(table).getAllByRole("row").slice(1);
    expect(newer).toHaveTextContent("gradient boosting, 400 trees");
    expect(newer).toHaveTextContent(FINAL_CARD_MESSAGES.shortId("1a2b3c4d"));
    expect(older).toHaveTextContent(FINAL_CARD_MESSAGES.noNote);
    expect(older).toHaveTextContent(FINAL_CARD_MESSAGES.shortId("9f8e7d6c"));
    expect(within(newer!).getByRole("link", { name: formatSubmittedAt(NEWER) })).toHaveAttribute(
      "href",
      "/submissions/1a2b3c4d-0000-4000-8000-000000000001",
    );
    expect(screen.getByText(FINAL_CARD_MESSAGES.showing(2, 14, 5, 3))).toBeInTheDocument();
    expect(screen.getByText(FINAL_CARD_MESSAGES.markOther)).toBeInTheDocument();
    // One request for the card, never the whole history.
    expect(fetch.mock.calls.map(([input]) => String(input))).toEqual([
      "/api/submissions/final-candidates",
    ]);
  });

  it("marks a score that was no significant improvement as the team's best so far", async () => {
    fakeServer([
      submission("s-same", "retail-banking/1", NEWER, { score: 0.67, feedback: ladder(false) }),
      submission("s-best", "retail-banking/1", OLDER, { score: 0.67, feedback: ladder(true) }),
    ]);
    render(<FinalSubmissionsCard />);

    const table = await screen.findByRole("table", { name: "C1: Fraud Detection" });
    const [newer, older] = within(table).getAllByRole("row").slice(1);
    expect(newer).toHaveTextContent("0.6700 public score");
    expect(within(newer!).getByText(SUBMISSION_MESSAGES.bestSoFarLabel)).toBeInTheDocument();
    expect(within(older!).queryByText(SUBMISSION_MESSAGES.bestSoFarLabel)).not.toBeInTheDocument();
  });

  it("calls scores final after the reveal", async () => {
    fakeServer([
      submission("s-1", "retail-banking/1", NEWER, {
        score: 0.9,
        score_kind: "final",
        final: true,
      }),
    ]);
    render(<FinalSubmissionsCard />);

    const table = await screen.findByRole("table", { name: "C1: Fraud Detection" });
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("0.9000 final score");
  });

  it("says how to get started when nothing is scored yet", async () => {
    fakeServer([]);
    render(<FinalSubmissionsCard />);

    expect(await screen.findByText(TEAM_MESSAGES.finalEmpty)).toBeInTheDocument();
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
  });

  it("offers to try again when the submissions fail to load", async () => {
    let fail = true;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        fail
          ? jsonResponse({ error: "The server failed.", code: "internal" }, 500)
          : jsonResponse({ challenges: [] }),
      ),
    );
    const user = userEvent.setup();
    render(<FinalSubmissionsCard />);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(TEAM_MESSAGES.finalLoadFailed);
    expect(alert).toHaveTextContent("The server failed.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));

    expect(await screen.findByText(TEAM_MESSAGES.finalEmpty)).toBeInTheDocument();
  });

  it("keeps the member signed in when the team's API key is refused (a teammate rotated it)", async () => {
    window.localStorage.setItem("auth_token", "token-1");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        jsonResponse({ error: "Invalid API key", code: "auth.api_key_invalid" }, 401),
      ),
    );
    const signedOut = vi.fn();
    onUnauthorized(signedOut);
    render(<FinalSubmissionsCard />, { auth: { user: ada } });

    expect(await screen.findByRole("alert")).toHaveTextContent(TEAM_MESSAGES.finalLoadFailed);
    expect(window.localStorage.getItem("auth_token")).toBe("token-1");
    expect(signedOut).not.toHaveBeenCalled();
  });
});
