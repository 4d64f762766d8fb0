import { buildCompetition, withMainWindow } from "@tandem/competition";
import { describe, expect, it } from "vitest";
import { defaultDefinition } from "./defaultDefinition";
import { clockView, formatDuration, formatReset, zoneLabel } from "./participantClock";

// The default edition's zone is America/Chicago; the participant is in Tokyo.
const TOKYO = "Asia/Tokyo";
const competition = buildCompetition(
  withMainWindow(defaultDefinition(), {
    opensAt: "2026-11-23T06:00:00Z",
    closesAt: "2026-11-30T05:59:00Z",
  }),
);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("time left", () => {
  it("gives the two largest units that matter, rounded down", () => {
    expect(formatDuration(DAY + 4 * HOUR + 59 * MIN)).toBe("1 day 4 hours");
    expect(formatDuration(3 * DAY)).toBe("3 days");
    expect(formatDuration(2 * HOUR + MIN)).toBe("2 hours 1 minute");
    expect(formatDuration(HOUR)).toBe("1 hour");
    expect(formatDuration(12 * MIN + 59_000)).toBe("12 minutes");
    expect(formatDuration(MIN)).toBe("1 minute");
  });

  it("never says zero: under a minute is said as such", () => {
    expect(formatDuration(59_999)).toBe("less than a minute");
    expect(formatDuration(0)).toBe("less than a minute");
  });
});

describe("the zone, named", () => {
  it("names the zone in words and by id", () => {
    expect(zoneLabel(TOKYO)).toBe("Japan Standard Time, Asia/Tokyo");
    expect(zoneLabel("America/Chicago")).toBe("Central Time, America/Chicago");
    // Intl has no generic name for UTC ("GMT+00:00"): the specific one is used.
    expect(zoneLabel("UTC")).toBe("Coordinated Universal Time, UTC");
  });
});

describe("the clock in the participant's zone", () => {
  it("open: the deadline in Tokyo time, named, with the time left", () => {
    const view = clockView(competition, false, new Date("2026-11-29T01:59:00Z"), TOKYO);
    expect(view.state).toBe("open");
    expect(view.title).toBe("Competition is open");
    // 05:59 UTC is 2:59 PM in Tokyo, on Monday (Sunday 11:59 PM in Chicago).
    expect(view.deadline).toBe(
      "Submissions count until Monday, November 30, 2026 at 2:59 PM (Japan Standard Time, Asia/Tokyo): 1 day 4 hours left.",
    );
  });

  it("reads well near the end, and follows the clock past the deadline", () => {
    const near = clockView(competition, false, new Date("2026-11-30T05:47:30Z"), TOKYO);
    expect(near.deadline).toMatch(/: 11 minutes left\.$/);
    const last = clockView(competition, false, new Date("2026-11-30T05:58:30Z"), TOKYO);
    expect(last.deadline).toMatch(/: less than a minute left\.$/);
    // The page was loaded while open; a minute later the definition's dates say closed.
    const after = clockView(competition, false, new Date("2026-11-30T06:00:00Z"), TOKYO);
    expect(after.state).toBe("closed");
    expect(after.deadline).toBe(
      "The competition closed on Monday, November 30, 2026 at 2:59 PM (Japan Standard Time, Asia/Tokyo).",
    );
    expect(after.detail).toMatch(/standings are frozen/);
  });

  it("before the start: when counting starts, in how long, and the deadline", () => {
    const view = clockView(competition, false, new Date("2026-11-20T06:00:00Z"), TOKYO);
    expect(view.state).toBe("registration");
    expect(view.deadline).toBe(
      "Submissions start counting on Monday, November 23, 2026 at 3:00 PM (Japan Standard Time, Asia/Tokyo), in 3 days.",
    );
    expect(view.detail).toBe("Submission deadline: Monday, November 30, 2026 at 2:59 PM.");
  });

  it("practice: when it ends, in how long, that it does not count, and the deadline", () => {
    const definition = withMainWindow(defaultDefinition(), {
      opensAt: "2026-11-23T06:00:00Z",
      closesAt: "2026-11-30T05:59:00Z",
    });
    const practice = buildCompetition({
      ...definition,
      phases: [
        {
          id: "warm-up",
          name: "Warm-up",
          counts: false,
          starts_at: "2026-11-20T06:00:00Z",
          ends_at: "2026-11-23T06:00:00Z",
        },
        ...definition.phases,
      ],
    });
    const view = clockView(practice, false, new Date("2026-11-22T05:00:00Z"), TOKYO);
    expect(view.state).toBe("practice");
    expect(view.title).toBe("Warm-up");
    expect(view.deadline).toBe(
      "Warm-up runs until Monday, November 23, 2026 at 3:00 PM (Japan Standard Time, Asia/Tokyo): 1 day 1 hour left. Its submissions are scored but do not count.",
    );
    expect(view.detail).toBe("Submission deadline: Monday, November 30, 2026 at 2:59 PM.");
  });

  it("revealed: the close and what submissions are now", () => {
    const view = clockView(competition, true, new Date("2026-12-02T00:00:00Z"), TOKYO);
    expect(view.title).toBe("Final results revealed");
    expect(view.detail).toMatch(/final standings are revealed/);
  });

  it("the daily reset, in the participant's zone", () => {
    expect(
      formatReset(new Date("2026-11-29T00:00:00Z"), new Date("2026-11-28T21:30:00Z"), TOKYO),
    ).toBe(
      "on Sunday, November 29, 2026 at 9:00 AM (Japan Standard Time, Asia/Tokyo), in 2 hours 30 minutes",
    );
  });
});
