import type { MetricId } from "./metrics";
import type { Challenge, SplitSpec, TargetSpec } from "./types";

export const BINARY: TargetSpec = { kind: "label", labels: ["0", "1"] };
export const NUMERIC: TargetSpec = { kind: "numeric" };

/** ADR 0009: 30% of the hidden rows give the scores teams see; the rest decide the ranking. */
export const DEFAULT_SPLIT: SplitSpec = { publicFraction: 0.3 };
export const DEFAULT_FINAL_SUBMISSIONS = 2;

type ChallengeContent = Omit<
  Challenge,
  "key" | "domain" | "header" | "idColumns" | "split" | "finalSubmissions"
> & {
  /** The exact submission header as one comma-separated string. */
  header: string;
  split?: SplitSpec;
  finalSubmissions?: number;
};

/** Builds a challenge; the id columns are all but the last, or the first for rankings. */
export function defineChallenge(domain: string, content: ChallengeContent): Challenge {
  const columns = content.header.split(",");
  const idCount = content.target.kind === "ranking" ? 1 : columns.length - 1;
  return {
    ...content,
    split: content.split ?? DEFAULT_SPLIT,
    finalSubmissions: content.finalSubmissions ?? DEFAULT_FINAL_SUBMISSIONS,
    key: `${domain}/${content.number}`,
    domain,
    header: columns,
    idColumns: columns.slice(0, idCount),
  };
}

export type { MetricId };
