import { TEAM_MESSAGES } from "@tandem/contracts";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, render, screen, userEvent, waitFor, within } from "../../test-utils/render";
import { formatSubmittedAt } from "../components/Submissions/format";
import { SUBMISSION_MESSAGES as M } from "../components/Submissions/messages";
import { SUBMISSION_ID, submissionDetail } from "../components/Submissions/testData";
import SubmissionPage from "./SubmissionPage";

type Answer = (path: string) => Response | Promise<Response>;

function stubFetch(answer: Answer) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(String(input)));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderPage(id = SUBMISSION_ID) {
  return render(
    <Routes>
      <Route path="/submissions/:submissionId" element={<SubmissionPage />} />
      <Route path="/dashboard" element={<h1>Dashboard</h1>} />
    </Routes>,
    { route: `/submissions/${id}` },
  );
}

const fact = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;

describe("SubmissionPage", () => {
  it("shows the submission with its score, submitter, note and validation details", async () => {
    stubFetch(() =>
      jsonResponse(
        submissionDetail({
          note: "gradient boosting, 300 trees",
          final: true,
          message: "Scored: F1 0.8123 on the public rows",
        }),
      ),
    );
    renderPage();

    const section = await screen.findByRole("region", {
      name: "Retail Banking C1: Fraud Detection",
    });
    expect(within(section).getByText("Scored")).toBeInTheDocument();
    expect(within(section).getByText(M.finalMark)).toBeInTheDocument();
    expect(section).toHaveTextContent("Scored: F1 0.8123 on the public rows");
    expect(fact(M.columns.score)).toHaveTextContent("0.8123 public score");
    expect(fact(M.metric)).toHaveTextContent("F1");
    expect(fact(M.columns.counted)).toHaveTextContent(M.counted);
    expect(fact(M.submittedBy)).toHaveTextContent("ada");
    expect(fact(M.rows)).toHaveTextContent("1000");
    expect(section).toHaveTextContent("gradient boosting, 300 trees");

    const validation = screen.getByRole("region", { name: M.validationTitle });
    expect(validation).toHaveTextContent(`${M.expectedRows}1000`);
    expect(validation).toHaveTextContent("TxnID,FraudLabel");
    expect(validation).toHaveTextContent(M.validationPassed);
    expect(screen.getByRole("button", { name: M.download })).toBeInTheDocument();
  });

  it("lists the first validation problems beside the expected and actual rows", async () => {
    stubFetch(() =>
      jsonResponse(
        submissionDetail({
          success: false,
          status: "invalid",
          score: null,
          validation_passed: false,
          error: "Submission failed validation: expected 1000 rows, got 998",
          details: {
            expected_format: "TxnID,FraudLabel",
            actual_rows: 998,
            expected_rows: 1000,
            validation_errors: [
              "expected 1000 rows, got 998",
              "row 7: FraudLabel must be 0 or 1, got '2'",
            ],
          },
        }),
      ),
    );
    renderPage();

    const validation = await screen.findByRole("region", { name: M.validationTitle });
    expect(validation).toHaveTextContent(`${M.expectedRows}1000`);
    expect(validation).toHaveTextContent(`${M.actualRows}998`);
    const problems = within(validation).getByRole("list", { name: M.validationErrors });
    expect(
      within(problems)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["expected 1000 rows, got 998", "row 7: FraudLabel must be 0 or 1, got '2'"]);
    expect(screen.getByText("Invalid")).toBeInTheDocument();
    expect(
      screen.getByText("Submission failed validation: expected 1000 rows, got 998"),
    ).toBeInTheDocument();
    expect(fact(M.columns.score)).toHaveTextContent(M.noScore);
  });

  it("says the submission is not found, with a way back to the dashboard, for another team's id", async () => {
    stubFetch(() =>
      jsonResponse({ error: "Submission not found", code: "submission.not_found" }, 404),
    );
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole("heading", { name: M.notFoundTitle })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    const notFound = screen.getByRole("region", { name: M.notFoundTitle });
    expect(notFound).toHaveTextContent(M.notFound);
    await user.click(within(notFound).getByRole("link", { name: M.backToDashboard }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  });

  it("says not found for an id that is not a UUID, without asking the server", async () => {
    const fetch = stubFetch(() => jsonResponse(submissionDetail()));
    renderPage("not-an-id");

    expect(await screen.findByRole("heading", { name: M.notFoundTitle })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("offers to try again when the submission fails to load", async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? jsonResponse({ error: "The server failed.", code: "internal" }, 500)
        : jsonResponse(submissionDetail()),
    );
    const user = userEvent.setup();
    renderPage();

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(M.detailLoadFailed);
    expect(alert).toHaveTextContent("The server failed.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("TxnID,FraudLabel")).toBeInTheDocument();
  });

  it("follows a queued submission until it is scored", async () => {
    let reads = 0;
    stubFetch((path) => {
      if (path !== `/api/submissions/${SUBMISSION_ID}`) return jsonResponse({}, 404);
      reads += 1;
      return jsonResponse(
        reads === 1
          ? submissionDetail({ status: "queued", score: null, scored_at: null })
          : submissionDetail(),
      );
    });
    renderPage();

    expect(await screen.findByText("Queued")).toBeInTheDocument();
    await waitFor(() => expect(fact(M.columns.score)).toHaveTextContent("0.8123 public score"));
    expect(screen.getByText("Scored")).toBeInTheDocument();
    expect(screen.queryByText("Queued")).not.toBeInTheDocument();
  });
});

describe("marking the submission final from its page", () => {
  const label = TEAM_MESSAGES.finalMarkLabel(
    formatSubmittedAt("2026-11-21T14:05:10.000Z"),
    "Retail Banking C1: Fraud Detection",
  );

  it("marks it final and shows it marked once read again", async () => {
    let final = false;
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path.endsWith("/final")) {
        final = init?.method === "POST";
        return jsonResponse(submissionDetail({ final }));
      }
      return jsonResponse(submissionDetail({ final }));
    });
    vi.stubGlobal("fetch", fetch);
    const user = userEvent.setup();
    renderPage();

    const toggle = await screen.findByRole("switch", { name: label });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    await waitFor(() => expect(toggle).toBeChecked());
    expect(await screen.findByText(M.finalMark)).toBeInTheDocument();
    const calls = fetch.mock.calls.map(([input, init]) => `${init?.method ?? "GET"} ${input}`);
    expect(calls).toContain(`POST /api/submissions/${SUBMISSION_ID}/final`);
  });

  it("shows the server's refusal when the limit is reached, and leaves it off", async () => {
    const message =
      "Your team has already marked 2 final submissions for retail-banking/1 (at most 2).";
    stubFetch((path) =>
      path.endsWith("/final")
        ? jsonResponse({ error: message, code: "submission.final_limit" }, 409)
        : jsonResponse(submissionDetail()),
    );
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole("switch", { name: label }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(TEAM_MESSAGES.finalLimitTitle);
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(screen.getByRole("switch", { name: label })).not.toBeChecked());
  });

  it("offers no switch for practice or an unscored submission", async () => {
    stubFetch(() => jsonResponse(submissionDetail({ counted: false })));
    renderPage();
    await screen.findByRole("region", { name: "Retail Banking C1: Fraud Detection" });
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
  });
});
