import { describe, expect, it } from "vitest";
import { excerpt, IssueCollector } from "../src/issues";

describe("IssueCollector", () => {
  it("keeps three examples of each kind and counts the rest", () => {
    const issues = new IssueCollector();
    for (let row = 2; row < 7; row++) issues.add("Blank id", `row ${row}`);
    expect(issues.messages()).toEqual(["Blank id: row 2; row 3; row 4 (and 2 more)"]);
  });

  it("lists at most ten kinds of problems", () => {
    const issues = new IssueCollector();
    for (let kind = 0; kind < 25; kind++) issues.add(`Problem ${kind}`, "row 2");
    const messages = issues.messages();
    expect(messages).toHaveLength(11);
    expect(messages[9]).toBe("Problem 9: row 2");
    expect(messages[10]).toBe("… and 15 more kinds of problems");
  });
});

describe("excerpt", () => {
  it("keeps short values and cuts long ones to 100 characters and an ellipsis", () => {
    expect(excerpt("T1")).toBe("T1");
    expect(excerpt("x".repeat(100))).toBe("x".repeat(100));
    expect(excerpt("x".repeat(101))).toBe(`${"x".repeat(100)}…`);
  });
});
