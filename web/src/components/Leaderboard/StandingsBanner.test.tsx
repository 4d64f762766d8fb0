import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import { describe, expect, it } from "vitest";
import { render, screen } from "../../../test-utils/render";
import { StandingsBanner } from "./StandingsBanner";

describe("StandingsBanner", () => {
  it("says the public standings use the public part of the test rows and the final ones come later", () => {
    render(<StandingsBanner standings="public" />);

    const banner = screen.getByRole("region", { name: LEADERBOARD_MESSAGES.publicStandingsTitle });
    expect(banner).toHaveTextContent("public part of the test rows (about 30%)");
    expect(banner).toHaveTextContent("revealed after the deadline");
  });

  it("marks the private preview as seen by organizers only, beside the public rank and change", () => {
    render(<StandingsBanner standings="private" />);

    const banner = screen.getByRole("region", { name: LEADERBOARD_MESSAGES.privateStandingsTitle });
    expect(banner).toHaveTextContent(LEADERBOARD_MESSAGES.privateStandings);
    expect(banner).toHaveTextContent("Private preview (only organizers see this)");
  });

  it("says the final standings are shown, revealed when and by whom", () => {
    render(
      <StandingsBanner
        standings="final"
        reveal={{
          revealed: true,
          revealed_at: "2026-01-12T09:30:00.000Z",
          revealed_by: { id: "u-1", username: "organizer-ada" },
          standings: "final",
        }}
      />,
    );

    const banner = screen.getByRole("region", { name: LEADERBOARD_MESSAGES.finalStandingsTitle });
    expect(banner).toHaveTextContent(/^Final standingsRevealed on .*2026.* by organizer-ada: /);
    expect(banner).toHaveTextContent("scores on the private rows");
  });

  it("still says the final standings are shown when it does not know when they were revealed", () => {
    render(<StandingsBanner standings="final" />);

    expect(
      screen.getByRole("region", { name: LEADERBOARD_MESSAGES.finalStandingsTitle }),
    ).toHaveTextContent("Scores on the private rows, from each team's final submissions.");
  });
});
