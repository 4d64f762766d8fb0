import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "../../../../test-utils/render";
import { ZonedDateTimeField } from "./ZonedDateTimeField";

const chicago = { id: "America/Chicago", name: "US Central" };

function Field({ initial, onChange }: { initial: string; onChange: (value?: string) => void }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <ZonedDateTimeField
      label="Deadline"
      value={value}
      zone={chicago}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe("a date field in the competition's time zone", () => {
  it("shows a stored moment as the wall-clock time in that zone, whatever the browser's", () => {
    render(<Field initial="2026-11-01T06:30:00Z" onChange={() => {}} />);
    // 06:30 UTC on the day daylight saving time ends in Chicago: 01:30 CDT, the first pass.
    expect(screen.getByLabelText("Deadline")).toHaveValue("2026-11-01T01:30");
    expect(screen.getByText(/In US Central \(America\/Chicago\) time: CDT, UTC-5\./)).toBeVisible();
  });

  it("writes the time typed with the zone's offset on that day, across the change to daylight time", () => {
    const onChange = vi.fn();
    render(<Field initial="2026-03-07T10:00:00-06:00" onChange={onChange} />);
    const input = screen.getByLabelText("Deadline");
    expect(input).toHaveValue("2026-03-07T10:00");
    expect(screen.getByText(/CST, UTC-6/)).toBeVisible();

    // Clocks go forward at 02:00 on 8 March 2026: 03:30 that day is daylight time.
    fireEvent.change(input, { target: { value: "2026-03-08T03:30" } });
    expect(onChange).toHaveBeenLastCalledWith("2026-03-08T03:30:00-05:00");
    expect(new Date(onChange.mock.lastCall?.[0] as string).toISOString()).toBe(
      "2026-03-08T08:30:00.000Z",
    );
    expect(screen.getByText(/CDT, UTC-5/)).toBeVisible();

    // The day before, the same wall-clock time is still standard time.
    fireEvent.change(input, { target: { value: "2026-03-07T03:30" } });
    expect(onChange).toHaveBeenLastCalledWith("2026-03-07T03:30:00-06:00");
  });

  it("refuses a time the clocks skip, and passes the text on so validation holds the save", () => {
    const onChange = vi.fn();
    render(<Field initial="2026-03-07T10:00:00-06:00" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Deadline"), { target: { value: "2026-03-08T02:30" } });
    expect(screen.getByText(/The clocks skip this time on that day/)).toBeVisible();
    expect(onChange).toHaveBeenLastCalledWith("2026-03-08T02:30");
  });
});
