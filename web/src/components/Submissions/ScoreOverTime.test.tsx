import { describe, expect, it, vi } from "vitest";
import { jsonResponse, render, screen, userEvent, within } from "../../../test-utils/render";
import { SCORE_CHART_MESSAGES, ScoreOverTime } from "./ScoreOverTime";
import { historyItem, summaryItem } from "./testData";

/** The summary and each challenge's history, by path (the history answers newest first). */
function stubApi(history: Record<string, unknown[]>, summary = [summaryItem()]) {
  const fetch = vi.fn(async (url: string) => {
    if (url.startsWith("/api/submissions/summary")) return jsonResponse({ challenges: summary });
    const challenge = new URL(url, "http://x").searchParams.get("challenge") ?? "";
    return jsonResponse({ submissions: history[challenge] ?? [], next_cursor: null });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const figureOf = () =>
  screen.findByRole("figure", {
    name: "Public score over time: Retail Banking C1: Fraud Detection",
  });

describe("ScoreOverTime", () => {
  it("draws the public scores only, oldest first, and says them in words and in a table", async () => {
    const fetch = stubApi({
      "retail-banking/1": [
        historyItem("d", { score: 0.7, created_at: "2026-11-21T16:00:00.000Z" }),
        historyItem("c", { status: "failed", score: null, created_at: "2026-11-21T15:00:00.000Z" }),
        historyItem("b", { score: 0.4, created_at: "2026-11-21T12:00:00.000Z" }),
        historyItem("a", { score: 0.6, created_at: "2026-11-20T09:00:00.000Z" }),
      ],
    });
    render(<ScoreOverTime />);
    const figure = await figureOf();
    const summary = within(figure).getByText(/public scores/);
    expect(summary.textContent).toMatch(
      /^3 public scores from .* \(F1, higher is better\): the first 0\.6000, the best 0\.7000, the latest 0\.7000\. The baseline scores 0\.5000; 2 of 3 beat it\. Times in your time zone \(.+\)\.$/,
    );
    expect(fetch).toHaveBeenCalledWith(
      "/api/submissions/history?limit=500&challenge=retail-banking%2F1",
      expect.anything(),
    );
    await userEvent.click(within(figure).getByText("Show the data"));
    const rows = within(within(figure).getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/0\.6000Beats it$/),
      expect.stringMatching(/0\.4000Does not beat it$/),
      expect.stringMatching(/0\.7000Beats it$/),
    ]);
  });

  it("never draws a final score, and says why after the reveal", async () => {
    stubApi(
      {
        "retail-banking/1": [
          historyItem("a", { score: 0.123456, score_kind: "final" }),
          historyItem("b", { score: 0.2345, score_kind: "final" }),
        ],
      },
      [summaryItem({ score_kind: "final", baseline: 0.3 })],
    );
    render(<ScoreOverTime />);
    expect(await screen.findByText(SCORE_CHART_MESSAGES.revealed)).toBeInTheDocument();
    expect(screen.queryByRole("figure")).toBeNull();
    expect(document.body.textContent).not.toContain("0.1235");
  });

  it("shows a lower-is-better metric's best as its lowest, and a baseline not measured", async () => {
    stubApi(
      {
        "insurance/1": [
          historyItem("b", {
            score: 12,
            challenge_key: "insurance/1",
            created_at: "2026-11-21T12:00:00.000Z",
          }),
          historyItem("a", {
            score: 9,
            challenge_key: "insurance/1",
            created_at: "2026-11-21T10:00:00.000Z",
          }),
        ],
      },
      [
        summaryItem({ last_submitted_at: null }),
        summaryItem({
          challenge_key: "insurance/1",
          domain: "Insurance",
          title: "Claim severity",
          metric_name: "RMSE",
          higher_is_better: false,
          baseline: null,
          last_submitted_at: "2026-11-21T12:00:00.000Z",
        }),
      ],
    );
    render(<ScoreOverTime />);
    // The challenge sent to last is the one shown first.
    const figure = await screen.findByRole("figure", {
      name: "Public score over time: Insurance C1: Claim severity",
    });
    expect(figure).toHaveTextContent(
      /the first 9\.0000, the best 9\.0000, the latest 12\.0000\. The baseline is not measured yet\./,
    );
  });

  it("switches challenge with the picker, and says when there is no score yet", async () => {
    stubApi({ "retail-banking/1": [historyItem("a")] }, [
      summaryItem(),
      summaryItem({ challenge_key: "retail-banking/2", challenge: 2, title: "Credit Default" }),
    ]);
    render(<ScoreOverTime />);
    await figureOf();
    await userEvent.selectOptions(
      screen.getByLabelText(SCORE_CHART_MESSAGES.picker),
      "retail-banking/2",
    );
    expect(await screen.findByText(SCORE_CHART_MESSAGES.noScores)).toBeInTheDocument();
  });
});
