import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useCursorPages } from "./useCursorPages";

describe("useCursorPages", () => {
  it("returns to the first page when the search it restarts on changes, and only then", () => {
    const { result, rerender } = renderHook(({ query }) => useCursorPages(query), {
      initialProps: { query: "" },
    });
    act(() => result.current.next("after-50"));
    act(() => result.current.next("after-100"));
    expect(result.current).toMatchObject({ page: 3, cursor: "after-100" });

    rerender({ query: "" });
    expect(result.current).toMatchObject({ page: 3, cursor: "after-100" });

    rerender({ query: "ada" });
    expect(result.current).toMatchObject({ page: 1, cursor: undefined });
  });
});
