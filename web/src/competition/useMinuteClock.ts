import { useEffect, useState } from "react";

const MINUTE_MS = 60_000;

/**
 * The time now, renewed as each minute begins (and when the tab is shown again: timers sleep
 * in a background tab), so "time left" counts down in whole minutes without a render a second.
 */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: number | undefined;
    const tick = () => {
      setNow(new Date());
      window.clearTimeout(timer);
      // A little past the minute's start, so the new minute is the one read.
      timer = window.setTimeout(tick, MINUTE_MS - (Date.now() % MINUTE_MS) + 50);
    };
    timer = window.setTimeout(tick, MINUTE_MS - (Date.now() % MINUTE_MS) + 50);
    const onShow = () => {
      if (document.visibilityState === "visible") tick();
    };
    document.addEventListener("visibilitychange", onShow);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onShow);
    };
  }, []);
  return now;
}
