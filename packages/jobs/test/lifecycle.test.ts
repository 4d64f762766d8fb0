import { describe, expect, it } from "vitest";
import {
  canTransition,
  isUnfinished,
  SUBMISSION_STATUSES,
  sourcesOf,
  TRANSITIONS,
  UNFINISHED_STATUSES,
} from "../src";

describe("the submission lifecycle", () => {
  it("starts queued, is claimed into scoring, and ends scored, invalid or failed", () => {
    expect(canTransition("queued", "scoring")).toBe(true);
    for (const end of ["scored", "invalid", "failed"] as const) {
      expect(canTransition("scoring", end)).toBe(true);
    }
  });

  it("lets a lapsed claim be taken over, and a waiting submission be given up", () => {
    expect(canTransition("scoring", "scoring")).toBe(true);
    expect(canTransition("queued", "failed")).toBe(true);
  });

  it("never scores a submission that was not claimed first", () => {
    expect(canTransition("queued", "scored")).toBe(false);
    expect(canTransition("queued", "invalid")).toBe(false);
    expect(sourcesOf("scored")).toEqual(["scoring"]);
  });

  it("never moves a finished submission again", () => {
    for (const finished of ["scored", "invalid", "failed"] as const) {
      expect(TRANSITIONS[finished]).toEqual([]);
      expect(isUnfinished(finished)).toBe(false);
    }
  });

  it("calls unfinished exactly the statuses that have somewhere to go", () => {
    expect(SUBMISSION_STATUSES.filter((status) => TRANSITIONS[status].length > 0)).toEqual([
      ...UNFINISHED_STATUSES,
    ]);
    expect(sourcesOf("failed")).toEqual([...UNFINISHED_STATUSES]);
  });
});
