import type { DomainLeaderboard } from "@tandem/contracts";
import { describe, expect, it } from "vitest";
import { render, screen, userEvent, within } from "../../../test-utils/render";
import { ScoreDistribution } from "./ScoreDistribution";

function row(id: string, values: Record<string, number | null>, submissions = 1) {
  return {
    rank: 1,
    team_id: id,
    team_name: id,
    challenges: Object.fromEntries(
      Object.entries(values).map(([key, value]) => [
        key,
        { metric_name: "F1", metric_value: value, score: value ?? 0, beats_baseline: null },
      ]),
    ),
    domain_score: 1,
    valid_submissions: submissions,
    beats_baseline: false,
  };
}

const data: DomainLeaderboard = {
  domain: "Retail Banking",
  slug: "retail-banking",
  challenge_columns: [
    {
      key: "rb/1",
      number: 1,
      title: "Fraud",
      metric_name: "F1",
      higher_is_better: true,
      baseline: 0.5,
    },
    {
      key: "rb/2",
      number: 2,
      title: "Churn",
      metric_name: "AUC",
      higher_is_better: true,
      baseline: null,
    },
  ],
  baseline: { challenges: { "rb/1": { metric_name: "F1", metric_value: 0.5 } } },
  leaderboard: [
    row("t1", { "rb/1": 0.34, "rb/2": 0.9 }),
    row("t2", { "rb/1": 0.36, "rb/2": null }),
    row("t3", { "rb/1": 0.41 }),
    row("t4", { "rb/1": 0.44 }),
    row("t5", { "rb/1": 0.45 }),
    row("ours", { "rb/1": 1 }),
    // Listed without a counted submission: the table leaves it out, so does the chart.
    row("ghost", { "rb/1": 0.99 }, 0),
  ],
  standings: "public",
  updated_at: "2026-11-28T10:00:00.000Z",
};

describe("ScoreDistribution", () => {
  it("bins the results of the standings shown, with the baseline and the reader's team", async () => {
    render(<ScoreDistribution data={data} ownTeamId="ours" />);
    const figure = screen.getByRole("figure", { name: "Score distribution: C1 Fraud" });
    expect(figure).toHaveTextContent(
      "6 teams with a result on C1 (F1, higher is better), from 0.3400 to 1.0000; the median is 0.4100. The baseline's F1 is 0.5000; 1 team beat it. Your team's is 1.0000.",
    );
    await userEvent.click(within(figure).getByText("Show the data"));
    const rows = within(within(figure).getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      "0.25 to 0.505",
      "0.50 to 0.750",
      "0.75 to 1.001",
    ]);
  });

  it("shows another challenge of the domain from the picker", async () => {
    render(<ScoreDistribution data={data} ownTeamId={null} />);
    await userEvent.selectOptions(screen.getByLabelText("Challenge"), "rb/2");
    const figure = screen.getByRole("figure", { name: "Score distribution: C2 Churn" });
    expect(figure).toHaveTextContent(
      "1 team with a result on C2 (AUC, higher is better), from 0.9000 to 0.9000; the median is 0.9000.",
    );
    expect(figure).not.toHaveTextContent("baseline");
  });

  it("draws nothing when no team has a result", () => {
    const empty = { ...data, leaderboard: [] };
    render(<ScoreDistribution data={empty} />);
    expect(screen.queryByRole("figure")).toBeNull();
  });
});
