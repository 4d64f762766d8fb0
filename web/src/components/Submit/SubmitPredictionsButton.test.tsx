import type { LeaderboardVisibility } from "@tandem/competition";
import type {
  ChallengeSummary,
  PublicConfig,
  SubmissionDetail,
  SubmitAnswer,
  SubmitResponse,
} from "@tandem/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  defaultCompetition,
  defaultDefinition,
  publicCompetition,
} from "../../../test-utils/competition";
import { ada } from "../../../test-utils/fixtures";
import {
  jsonResponse,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from "../../../test-utils/render";
import { useSubmissionSummary } from "../../api/submissions/hooks";
import { SUBMISSION_MESSAGES } from "../Submissions/messages";
import { EXACT, ladder, summaryItem } from "../Submissions/testData";
import { SubmitPredictionsButton } from "./SubmitPredictionsButton";

// The participant's browser is in Tokyo; the competition's zone is Chicago (issue 33).
vi.mock("../../competition/participantClock", async (original) => ({
  ...(await original<typeof import("../../competition/participantClock")>()),
  participantTimeZone: () => "Asia/Tokyo",
}));

const KEY = "retail-banking/1";
const HEADING = "Retail Banking C1: Fraud Detection";
const HEADER = defaultCompetition().challengeByKey(KEY)!.header.join(",");
const ID = "0b6e3c1a-2f4d-4a8e-9c3b-5d6e7f809a1b";

/** A stand-in for the browser's XMLHttpRequest: records what is sent, answers when told. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static onSend: (xhr: FakeXhr) => void = () => {};

  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: string | null = null;
  withCredentials = false;
  status = 0;
  responseText = "";
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: string) {
    this.body = body;
    FakeXhr.sent.push(this);
    FakeXhr.onSend(this);
  }
  aborted = false;
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
  get json() {
    return JSON.parse(this.body ?? "null") as Record<string, unknown>;
  }
}

function answer(overrides: Partial<SubmitAnswer> = {}): SubmitAnswer {
  return {
    success: true,
    score: 0.81234,
    score_kind: "public",
    feedback: EXACT,
    final: false,
    metric_name: "Macro F1",
    validation_passed: true,
    details: { expected_format: HEADER, actual_rows: 2, expected_rows: 2, validation_errors: [] },
    submission_id: ID,
    status: "scored",
    counted: true,
    scored_on_earlier_answers: false,
    message: "Submission scored.",
    remaining_today: 49,
    public_rank: null,
    rank_change: null,
    ...overrides,
  };
}

function detail(overrides: Partial<SubmitResponse> = {}): SubmissionDetail {
  // The detail has the submission's own fields only, not the answer's quota and rank.
  const {
    remaining_today: _left,
    public_rank: _rank,
    rank_change: _change,
    ...submission
  } = answer(overrides);
  return {
    ...submission,
    domain: "Retail Banking",
    challenge: 1,
    challenge_key: KEY,
    row_count: 2,
    error: null,
    note: null,
    submitted_by: { kind: "user", username: "ada" },
    created_at: "2026-11-20T09:15:30.000Z",
    scored_at: null,
  };
}

const csv = (text: string, name = "predictions.csv") =>
  new File([text], name, { type: "text/csv" });
const GOOD = `${HEADER}\n1,0\n2,1\n`;

/** Counts the summary reads, to see the lists revalidated after a submission. */
function SummaryProbe() {
  useSubmissionSummary();
  return null;
}

/** What the server says before an upload: the summary's challenges and the public config. */
interface Before {
  challenges?: ChallengeSummary[];
  config?: Partial<PublicConfig>;
}
let before: Before = {};

/** Serves the summary and `details` (one after another) for the submission's page. */
function stubFetch(details: SubmissionDetail[] = []) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    if (path === "/api/submissions/summary") {
      return jsonResponse({
        challenges: before.challenges ?? [],
        submissions_paused: false,
        pause_message: null,
      });
    }
    if (path === "/api/config/public" && before.config) return jsonResponse(before.config);
    if (path === `/api/submissions/${ID}`) {
      const next = details.length > 1 ? details.shift()! : details[0];
      if (next) return jsonResponse(next);
    }
    return jsonResponse({ error: "Not found", code: "request.route_not_found" }, 404);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const summaryReads = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.filter(([input]) => String(input) === "/api/submissions/summary").length;

async function openDialog(
  expectedRows: number | null = 2,
  visibility: LeaderboardVisibility = "organizers",
) {
  const user = userEvent.setup();
  render(
    <>
      <SubmitPredictionsButton challengeKey={KEY} expectedRows={expectedRows} />
      <SummaryProbe />
    </>,
    {
      auth: { user: ada },
      competition: publicCompetition({
        ...defaultDefinition(),
        leaderboard_visibility: visibility,
      }),
    },
  );
  await user.click(screen.getByRole("button", { name: `Submit predictions for ${HEADING}` }));
  const dialog = await screen.findByRole("dialog", { name: HEADING });
  return { user, dialog };
}

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, file: File) {
  await user.upload(within(dialog).getByLabelText("Predictions file (CSV)"), file);
  return within(dialog).findByRole("list", { name: "Checks before upload" });
}

const uploadButton = (dialog: HTMLElement) =>
  within(dialog).getByRole("button", { name: "Upload" });

beforeEach(() => {
  before = {};
  FakeXhr.sent = [];
  FakeXhr.onSend = () => {};
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  window.sessionStorage.setItem("auth_token", "session-token");
  window.localStorage.setItem("api_key", "team-api-key");
});

afterEach(() => {
  vi.useRealTimers();
});

describe("SubmitPredictionsButton", () => {
  it("shows the expected and the found header when they differ, and keeps the upload off", async () => {
    stubFetch();
    const { user, dialog } = await openDialog();
    const checks = await choose(user, dialog, csv("id,label\n1,0\n2,1\n"));

    expect(within(checks).getByText(/Header does not match/)).toBeInTheDocument();
    expect(within(checks).getByText("Expected")).toBeInTheDocument();
    expect(within(checks).getByText(HEADER)).toBeInTheDocument();
    expect(within(checks).getByText("id,label")).toBeInTheDocument();
    expect(uploadButton(dialog)).toBeDisabled();
  });

  it("fails a row count other than the challenge's, and keeps the upload off", async () => {
    stubFetch();
    const { user, dialog } = await openDialog(3);
    const checks = await choose(user, dialog, csv(GOOD));

    const rows = within(checks)
      .getByText(/data rows/)
      .closest("li")!;
    expect(rows).toHaveTextContent("Failed: 2 data rows (expected 3)");
    expect(uploadButton(dialog)).toBeDisabled();
  });

  it("passes a good file and allows the upload; an unknown row count does not hold it back", async () => {
    stubFetch();
    const { user, dialog } = await openDialog(null);
    const checks = await choose(user, dialog, csv(GOOD));

    const items = within(checks).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Passed: The file is not empty"),
      expect.stringContaining("Passed: Under 50 MB"),
      expect.stringContaining("Passed: Header matches"),
      expect.stringContaining("Not checked: 2 data rows (expected: unknown)"),
    ]);
    expect(uploadButton(dialog)).toBeEnabled();
  });

  it("uploads as the member with the note, reports progress, and shows the score with a link to it", async () => {
    const fetch = stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    await user.type(within(dialog).getByLabelText("Note (optional)"), "gradient boosting v2");
    expect(within(dialog).getByText(/20 \/ 500 characters/)).toBeInTheDocument();
    const readsBefore = summaryReads(fetch);

    await user.click(uploadButton(dialog));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/submit");
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers.authorization).toBe("Bearer session-token");
    expect(xhr.headers["idempotency-key"]).toMatch(/\S{16,}/);
    expect(xhr.headers).not.toHaveProperty("x-api-key");
    expect(xhr.json).toEqual({
      domain_name: "Retail Banking",
      task_number: 1,
      predictions_csv: GOOD,
      note: "gradient boosting v2",
    });

    xhr.progress(40, 100);
    const bar = await within(dialog).findByRole("progressbar", { name: "Upload progress" });
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "40"));
    expect(within(dialog).getByText("Uploading… 40%")).toBeInTheDocument();

    xhr.respond(200, answer());
    const scored = await within(dialog).findByRole("alert");
    expect(scored).toHaveTextContent("Scored");
    expect(scored).toHaveTextContent("Macro F1: 0.8123 (public score)");
    expect(within(dialog).getByRole("link", { name: "See it in your history" })).toHaveAttribute(
      "href",
      `/submissions/${ID}`,
    );
    await waitFor(() => expect(summaryReads(fetch)).toBeGreaterThan(readsBefore));
  });

  it("says the quota left and the team's public rank with its change where teams see the leaderboard", async () => {
    stubFetch();
    const { user, dialog } = await openDialog(2, "participants");
    await choose(user, dialog, csv(GOOD));
    await user.click(uploadButton(dialog));

    FakeXhr.sent[0]!.respond(200, answer({ remaining_today: 12, public_rank: 3, rank_change: 2 }));
    await within(dialog).findByRole("alert");
    expect(within(dialog).getByText("Public rank: 3 (up 2)")).toBeInTheDocument();
    expect(
      within(dialog).getByText("12 submissions left today for this challenge."),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole("link", { name: "See where your team stands on the leaderboard" }),
    ).toHaveAttribute("href", "/leaderboard");
  });

  it("says the quota left but no rank or leaderboard link where only organizers see the leaderboard", async () => {
    stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    await user.click(uploadButton(dialog));

    FakeXhr.sent[0]!.respond(200, answer({ remaining_today: 1 }));
    await within(dialog).findByRole("alert");
    expect(
      within(dialog).getByText("1 submission left today for this challenge."),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/Public rank/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("link", { name: /leaderboard/ })).not.toBeInTheDocument();
  });

  it("marks a score that was no significant improvement as the team's best so far, with the server's message", async () => {
    stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    await user.click(uploadButton(dialog));

    const message =
      "Submission scored. It was not a significant improvement: it did not beat your team's best shown score by at least 0.01, so the score shown is that best.";
    FakeXhr.sent[0]!.respond(200, answer({ score: 0.67, feedback: ladder(false), message }));
    const scored = await within(dialog).findByRole("alert");
    expect(scored).toHaveTextContent("Macro F1: 0.6700 (public score)");
    expect(within(scored).getByText(SUBMISSION_MESSAGES.bestSoFarLabel)).toBeInTheDocument();
    expect(scored).toHaveTextContent(message);
    // The server's message already says how the ladder works.
    expect(scored).not.toHaveTextContent("Scores are shown");
  });

  it("says how scores are shown under the policy, without the best-so-far mark, for a significant improvement", async () => {
    stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    await user.click(uploadButton(dialog));

    FakeXhr.sent[0]!.respond(200, answer({ score: 0.72, feedback: ladder(true) }));
    const scored = await within(dialog).findByRole("alert");
    expect(scored).toHaveTextContent("Macro F1: 0.7200 (public score)");
    expect(scored).toHaveTextContent(
      "Scores are shown rounded to 2 decimals, and only when they beat your team's best by at least 0.01.",
    );
    expect(within(scored).queryByText(SUBMISSION_MESSAGES.bestSoFarLabel)).not.toBeInTheDocument();
  });

  it("shows the server's message and every validation error of a refused file, with the row counts", async () => {
    stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    await user.click(uploadButton(dialog));

    const errors = [
      'Id not in the test set: row 2 ("99")',
      "Missing ids: 149998 test ids have no row, e.g. 3; 4; 5 (and 149995 more)",
      "Wrong row count: expected 150000 rows, got 2",
    ];
    FakeXhr.sent[0]!.respond(400, {
      error: `Submission failed validation: ${errors[0]}`,
      code: "submission.invalid",
      details: {
        validation_errors: errors,
        expected_format: HEADER,
        actual_rows: 2,
        expected_rows: 150000,
      },
    });

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("The file failed validation");
    expect(alert).toHaveTextContent(`Submission failed validation: ${errors[0]}`);
    const list = within(alert).getByRole("list", { name: "Validation errors" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(errors);
    expect(alert).toHaveTextContent("Expected rows: 150000 · Rows in your file: 2");
  });

  it("follows a queued submission by polling until it is scored, then reads the lists again", async () => {
    const fetch = stubFetch([detail({ status: "scoring", score: null }), detail({ score: 0.5 })]);
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    await user.click(uploadButton(dialog));
    FakeXhr.sent[0]!.respond(
      202,
      answer({
        status: "queued",
        score: null,
        success: false,
        message: "Submission received; scoring is in progress.",
      }),
    );

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Scoring…");
    const readsAfterStored = await waitFor(() => {
      const reads = summaryReads(fetch);
      expect(reads).toBeGreaterThan(1);
      return reads;
    });

    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent("Macro F1: 0.5000"),
    );
    const polls = fetch.mock.calls.filter(([input]) => String(input) === `/api/submissions/${ID}`);
    expect(polls.length).toBe(2);
    await waitFor(() => expect(summaryReads(fetch)).toBeGreaterThan(readsAfterStored));
  });

  it("retries a failed upload with the same Idempotency-Key, and a newly chosen file gets a new one", async () => {
    stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    await user.click(uploadButton(dialog));
    FakeXhr.sent[0]!.fail();
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Upload failed");

    await user.click(uploadButton(dialog));
    FakeXhr.sent[1]!.fail();
    await within(dialog).findByRole("alert");
    const first = FakeXhr.sent[0]!.headers["idempotency-key"];
    expect(FakeXhr.sent[1]!.headers["idempotency-key"]).toBe(first);

    await choose(user, dialog, csv(GOOD, "other.csv"));
    await waitFor(() => expect(uploadButton(dialog)).toBeEnabled());
    await user.click(uploadButton(dialog));
    expect(FakeXhr.sent[2]!.headers["idempotency-key"]).not.toBe(first);
    FakeXhr.sent[2]!.respond(200, answer());
    await within(dialog).findByText("Scored");
  });

  it("shows a file that passed validation but failed to score as the platform's failure, with its link", async () => {
    stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    await user.click(uploadButton(dialog));
    FakeXhr.sent[0]!.respond(
      503,
      answer({ status: "failed", score: null, success: false, message: "Scoring timed out." }),
    );

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Scoring failed");
    expect(alert).toHaveTextContent("Scoring timed out.");
    expect(within(dialog).getByRole("link", { name: "See it in your history" })).toHaveAttribute(
      "href",
      `/submissions/${ID}`,
    );
  });

  it("says a daily-limit refusal in the participant's zone, named, with no raw ISO time", async () => {
    stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    await user.click(uploadButton(dialog));
    FakeXhr.sent[0]!.respond(
      429,
      {
        error:
          "Daily limit reached: 5 submissions per day for retail-banking/1. It resets at 00:00 UTC on Saturday, November 21, 2026.",
        code: "submission.daily_limit",
        details: { daily_limit: 5, used_today: 5, resets_at: "2026-11-21T00:00:00.000Z" },
      },
      { "Retry-After": "3600" },
    );

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Daily limit reached");
    expect(alert).toHaveTextContent(
      "Your team has used all 5 of today's submissions for this challenge.",
    );
    // Midnight UTC is 9:00 AM in Tokyo.
    expect(alert).toHaveTextContent(
      "You can submit again on Saturday, November 21, 2026 at 9:00 AM (Japan Standard Time, Asia/Tokyo)",
    );
    expect(alert).not.toHaveTextContent(/\d{4}-\d\d-\d\dT/);
  });

  it("says a pause refusal with the organizers' message and reads the setting again", async () => {
    const fetch = stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    const configReads = () =>
      fetch.mock.calls.filter(([input]) => String(input) === "/api/config/public").length;
    const readsBefore = configReads();
    await user.click(uploadButton(dialog));
    FakeXhr.sent[0]!.respond(503, {
      error: "Answers are being fixed; back at 14:00 UTC.",
      code: "submission.paused",
    });

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Submissions are paused");
    expect(alert).toHaveTextContent("Answers are being fixed; back at 14:00 UTC.");
    await waitFor(() => expect(configReads()).toBeGreaterThan(readsBefore));
  });

  it("says so when the team is not active yet", async () => {
    stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    await user.click(uploadButton(dialog));
    FakeXhr.sent[0]!.respond(403, { error: "Team is not active", code: "team.inactive" });

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Your team is not active yet");
    expect(alert).toHaveTextContent("Team is not active");
  });

  it("ends the stored session on a 401, as every other request does", async () => {
    stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    await user.click(uploadButton(dialog));
    FakeXhr.sent[0]!.respond(401, { error: "Session expired", code: "auth.required" });

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Your session has ended");
    expect(window.sessionStorage.getItem("auth_token")).toBeNull();
  });

  it("cancels the upload when the dialog is closed, and reads the lists again", async () => {
    const fetch = stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    await user.click(uploadButton(dialog));
    const readsBefore = summaryReads(fetch);

    await user.click(within(dialog).getByRole("button", { name: "Close" }));

    await waitFor(() => expect(FakeXhr.sent[0]!.aborted).toBe(true));
    await waitFor(() => expect(summaryReads(fetch)).toBeGreaterThan(readsBefore));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("SubmitPredictionsButton before any upload (issue 33)", () => {
  const tomorrow = new Date(Date.now() + 5 * 3_600_000 + 30 * 60_000);

  it("shows the deadline with the time left and the quota with its reset, in the participant's zone", async () => {
    before = {
      challenges: [
        summaryItem({
          used_today: 2,
          daily_limit: 5,
          remaining_today: 3,
          resets_at: tomorrow.toISOString(),
        }),
      ],
    };
    stubFetch();
    const { dialog } = await openDialog();

    const quota = await within(dialog).findByTestId("submit-quota");
    expect(quota).toHaveTextContent(
      /^3 of 5 submissions left today for this challenge, resets on .+ \(Japan Standard Time, Asia\/Tokyo\), in 5 hours 29 minutes\.$/,
    );
    expect(within(dialog).getByTestId("deadline-clock")).toHaveTextContent(
      /\(Japan Standard Time, Asia\/Tokyo\)/,
    );
    expect(within(dialog).getByLabelText("Predictions file (CSV)")).toBeEnabled();
  });

  it("takes no file at the daily limit and says why, before anything is sent", async () => {
    before = {
      challenges: [
        summaryItem({
          used_today: 5,
          daily_limit: 5,
          remaining_today: 0,
          resets_at: tomorrow.toISOString(),
        }),
      ],
    };
    stubFetch();
    const { dialog } = await openDialog();

    const reason = await within(dialog).findByRole("status");
    expect(reason).toHaveTextContent("No submissions left today for this challenge");
    expect(reason).toHaveTextContent("Your team has used all 5 of today's submissions");
    expect(reason).toHaveTextContent(
      /You can submit again on .+ \(Japan Standard Time, Asia\/Tokyo\)/,
    );
    const input = within(dialog).getByLabelText("Predictions file (CSV)");
    expect(input).toBeDisabled();
    expect(input.getAttribute("aria-describedby")).toContain(reason.id);
    expect(uploadButton(dialog)).toBeDisabled();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("while paused, disables the button with the reason, and the dialog says the organizers' message", async () => {
    before = {
      config: { submissions_paused: true, pause_message: "Back at 14:00 UTC after a data fix." },
      challenges: [summaryItem({ remaining_today: 3, resets_at: tomorrow.toISOString() })],
    };
    stubFetch();
    render(<SubmitPredictionsButton challengeKey={KEY} expectedRows={2} />, {
      auth: { user: ada },
    });
    const button = await screen.findByRole("button", { name: `Submit predictions for ${HEADING}` });
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByText("Paused by the organizers").id).toBe(
      button.getAttribute("aria-describedby"),
    );
  });

  it("a pause that comes while the dialog is open turns the file picker off with the message", async () => {
    stubFetch();
    const { user, dialog } = await openDialog();
    await choose(user, dialog, csv(GOOD));
    expect(uploadButton(dialog)).toBeEnabled();
    // The organizers pause; the upload is refused and the setting is read again.
    before = { config: { submissions_paused: true, pause_message: "Paused for a fix." } };
    await user.click(uploadButton(dialog));
    FakeXhr.sent[0]!.respond(503, { error: "Paused for a fix.", code: "submission.paused" });

    const reason = await within(dialog).findByRole("status");
    expect(reason).toHaveTextContent("Submissions are paused");
    expect(reason).toHaveTextContent("Paused for a fix.");
    // Said once: by the gate, not again by the refusal.
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText("Predictions file (CSV)")).toBeDisabled();
    expect(uploadButton(dialog)).toBeDisabled();
  });
});
