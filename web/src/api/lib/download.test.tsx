import { describe, expect, it } from "vitest";
import { attachmentName } from "./download";

describe("attachmentName", () => {
  it("reads quoted and bare file names", () => {
    expect(attachmentName('attachment; filename="a-1.csv"')).toBe("a-1.csv");
    expect(attachmentName("attachment; filename=a-1.csv")).toBe("a-1.csv");
  });

  it("ignores a missing header and names with a path in them", () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName("attachment")).toBeNull();
    expect(attachmentName('attachment; filename="../../etc/passwd"')).toBeNull();
  });
});
