import { buildCompetition, withMainWindow } from "@tandem/competition";
import { describe, expect, it } from "vitest";
import { defaultDefinition, publicCompetitionOf } from "../../competition/defaultDefinition";
import { clockText } from "./CompetitionClock";

const NOW = new Date("2026-11-27T18:00:00Z");
const thisWeek = withMainWindow(defaultDefinition(), {
  opensAt: "2026-11-23T06:00:00Z",
  closesAt: "2026-11-30T05:59:00Z",
});

const textAt = (now: Date, revealed = false) =>
  clockText(buildCompetition(thisWeek), publicCompetitionOf(thisWeek, { now, revealed }).status);

describe("the dashboard's competition clock", () => {
  it("names the deadline in the competition's time zone while submissions count", () => {
    expect(textAt(NOW)).toBe(
      "Competition is open: submissions count until Sunday, November 29, 2026 at 11:59 PM CST.",
    );
  });

  it("says when counting starts, and that the standings are frozen after the close", () => {
    expect(textAt(new Date("2026-11-20T00:00:00Z"))).toMatch(
      /^Submissions start counting on Monday, November 23, 2026 at 12:00 AM CST\./,
    );
    expect(textAt(new Date("2026-12-01T00:00:00Z"))).toMatch(/standings are frozen/);
    expect(textAt(new Date("2026-12-01T00:00:00Z"), true)).toMatch(/final standings are revealed/);
  });
});
