import { describe, expect, it } from "vitest";
import { render, screen, within } from "../../../test-utils/render";
import { SUBMISSION_MESSAGES as M } from "./messages";
import { SubmissionDetailView } from "./SubmissionDetailView";
import { ladder, submissionDetail } from "./testData";

const NAME = "Retail Banking C1: Fraud Detection";
const LADDER_RULE =
  "Scores are shown rounded to 2 decimals, and only when they beat your team's best by at least 0.01.";

const scoreFact = () => screen.getByText(M.columns.score, { selector: "dt" }).nextElementSibling!;

describe("SubmissionDetailView", () => {
  it("marks a score that was no significant improvement as the team's best so far and says how scores are shown", () => {
    render(
      <SubmissionDetailView
        submission={submissionDetail({ score: 0.67, feedback: ladder(false) })}
      />,
    );

    expect(scoreFact()).toHaveTextContent("0.6700 public score");
    expect(within(scoreFact() as HTMLElement).getByText(M.bestSoFarLabel)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: NAME })).toHaveTextContent(LADDER_RULE);
  });

  it("shows a significant improvement's own score without the mark", () => {
    render(
      <SubmissionDetailView
        submission={submissionDetail({ score: 0.72, feedback: ladder(true) })}
      />,
    );

    expect(scoreFact()).toHaveTextContent("0.7200 public score");
    expect(screen.queryByText(M.bestSoFarLabel)).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: NAME })).toHaveTextContent(LADDER_RULE);
  });

  it("says nothing of the policy for exact scores or a submission without a score", () => {
    const { unmount } = render(<SubmissionDetailView submission={submissionDetail()} />);
    expect(screen.getByRole("region", { name: NAME })).not.toHaveTextContent("Scores are shown");
    unmount();

    render(
      <SubmissionDetailView
        submission={submissionDetail({
          status: "invalid",
          success: false,
          score: null,
          feedback: ladder(null),
        })}
      />,
    );
    expect(screen.getByRole("region", { name: NAME })).not.toHaveTextContent("Scores are shown");
  });
});
