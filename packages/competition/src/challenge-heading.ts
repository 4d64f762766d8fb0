import { METRICS } from "./metrics";
import type { Challenge } from "./types";

/** How a challenge is headed wherever it is listed publicly (the API's snake_case fields). */
export function challengeHeading(c: Pick<Challenge, "key" | "number" | "title" | "metric">) {
  return {
    key: c.key,
    number: c.number,
    title: c.title,
    metric_name: METRICS[c.metric].name,
    higher_is_better: METRICS[c.metric].higherIsBetter,
  };
}
