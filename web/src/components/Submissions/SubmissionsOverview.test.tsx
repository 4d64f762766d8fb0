import { Button } from "@mantine/core";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, render, screen, userEvent, within } from "../../../test-utils/render";
import { SUBMISSION_MESSAGES as M } from "./messages";
import { SubmissionsOverview } from "./SubmissionsOverview";
import { ladder, summaryItem } from "./testData";

const RESETS_AT = "2026-11-22T00:00:00.000Z";
const localReset = new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(
  new Date(RESETS_AT),
);

function stubSummary(challenges: unknown[]) {
  const fetch = vi.fn(async () => jsonResponse({ challenges }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const card = (name: string) => screen.findByRole("article", { name });

describe("SubmissionsOverview", () => {
  it("shows each challenge's best score, metric, baseline, today's quota with its reset time, and ranking, by domain", async () => {
    stubSummary([
      summaryItem(),
      summaryItem({
        challenge_key: "retail-banking/2",
        challenge: 2,
        title: "Credit Default Prediction",
        score: 0.41,
        metric_name: "RMSE",
        higher_is_better: false,
        baseline: 0.35,
        beats_baseline: false,
      }),
      summaryItem({
        challenge_key: "healthcare/1",
        domain: "Healthcare",
        title: "30-Day Readmission Prediction",
        score: null,
        baseline: null,
        beats_baseline: null,
        used_today: 0,
        counted: false,
        submissions: 0,
        last_submitted_at: null,
      }),
    ]);
    render(<SubmissionsOverview />);

    const fraud = await card("C1: Fraud Detection");
    expect(fraud).toHaveTextContent("0.8123 best public score");
    expect(fraud).toHaveTextContent("F1 · higher is better");
    expect(fraud).toHaveTextContent("Baseline 0.5000 · Beats the baseline");
    expect(fraud).toHaveTextContent(`3 of 5 today · resets ${localReset} (00:00 UTC)`);
    expect(within(fraud).getByText(M.ranked)).toBeInTheDocument();
    expect(fraud).toHaveTextContent("12 submissions");

    const credit = await card("C2: Credit Default Prediction");
    expect(credit).toHaveTextContent("RMSE · lower is better");
    expect(credit).toHaveTextContent("Baseline 0.3500 · Does not beat the baseline");

    const health = await card("C1: 30-Day Readmission Prediction");
    expect(health).toHaveTextContent(M.noScore);
    expect(health).toHaveTextContent(M.baselineNotMeasured);
    expect(health).not.toHaveTextContent(M.beatsBaseline);
    expect(within(health).getByText(M.notRanked)).toBeInTheDocument();
    expect(health).toHaveTextContent("0 of 5 today");

    const domains = screen.getAllByRole("heading", { level: 4 }).map((h) => h.textContent);
    expect(domains).toEqual(["Retail Banking", "Healthcare"]);
  });

  it("says when the day's submissions are used up", async () => {
    stubSummary([summaryItem({ used_today: 5, daily_limit: 5 })]);
    render(<SubmissionsOverview />);

    expect(await card("C1: Fraud Detection")).toHaveTextContent(`5 of 5 today (${M.limitReached})`);
  });

  it("says in one line how each challenge shows scores under its feedback policy", async () => {
    stubSummary([
      summaryItem({ feedback: ladder(null), score: 0.67 }),
      summaryItem({
        challenge_key: "retail-banking/2",
        challenge: 2,
        title: "Credit Default Prediction",
        feedback: { policy: "rounded", digits: 3, threshold: null, significant_improvement: null },
      }),
      summaryItem({ challenge_key: "retail-banking/3", challenge: 3, title: "Churn" }),
    ]);
    render(<SubmissionsOverview />);

    const fraud = await card("C1: Fraud Detection");
    expect(fraud).toHaveTextContent("0.6700 best public score");
    expect(fraud).toHaveTextContent(
      "Scores are shown rounded to 2 decimals, and only when they beat your team's best by at least 0.01.",
    );
    expect(await card("C2: Credit Default Prediction")).toHaveTextContent(
      "Scores are shown rounded to 3 decimals.",
    );
    expect(await card("C3: Churn")).not.toHaveTextContent("Scores are shown");
  });

  it("calls the score final after the reveal", async () => {
    stubSummary([summaryItem({ score_kind: "final", score: 0.9 })]);
    render(<SubmissionsOverview />);

    expect(await card("C1: Fraud Detection")).toHaveTextContent("0.9000 best final score");
  });

  it("places the given action in each challenge's card", async () => {
    stubSummary([summaryItem(), summaryItem({ challenge_key: "retail-banking/2", challenge: 2 })]);
    render(
      <SubmissionsOverview renderAction={(c) => <Button>Submit to {c.challenge_key}</Button>} />,
    );

    const fraud = await card("C1: Fraud Detection");
    expect(
      within(fraud).getByRole("button", { name: "Submit to retail-banking/1" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Submit to retail-banking/2" })).toBeInTheDocument();
  });

  it("offers to try again when the overview fails to load", async () => {
    let fail = true;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        fail
          ? jsonResponse({ error: "The server failed.", code: "internal" }, 500)
          : jsonResponse({ challenges: [summaryItem()] }),
      ),
    );
    const user = userEvent.setup();
    render(<SubmissionsOverview />);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(M.overviewLoadFailed);
    expect(alert).toHaveTextContent("The server failed.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));

    expect(await card("C1: Fraud Detection")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
