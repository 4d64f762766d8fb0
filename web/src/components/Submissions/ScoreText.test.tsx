import type { FeedbackView } from "@tandem/contracts";
import { describe, expect, it } from "vitest";
import { render, screen } from "../../../test-utils/render";
import { ScoreText } from "./ScoreText";

const ladder = (significant: boolean | null): FeedbackView => ({
  policy: "ladder",
  digits: 2,
  threshold: 0.01,
  significant_improvement: significant,
});

describe("ScoreText", () => {
  it("marks the team's best so far when a score was not a significant improvement", () => {
    render(<ScoreText score={0.67} kind="public" feedback={ladder(false)} />);
    expect(screen.getByText("0.6700")).toBeVisible();
    expect(
      screen.getByText("Not a significant improvement: your team's best shown score"),
    ).toBeInTheDocument();
  });

  it("says a score is not shown while none has beaten the baseline by the threshold", () => {
    render(<ScoreText score={null} kind="public" feedback={ladder(false)} />);
    expect(screen.getByText("Not shown until a score beats the baseline")).toBeVisible();
    expect(screen.queryByText(/best shown score/)).toBeNull();
  });

  it("says there is no score yet otherwise", () => {
    render(<ScoreText score={null} kind="public" feedback={ladder(null)} />);
    expect(screen.getByText("No score yet")).toBeVisible();
  });
});
