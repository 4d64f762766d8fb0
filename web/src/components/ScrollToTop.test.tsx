import { act } from "@testing-library/react";
import { Link } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, userEvent } from "../../test-utils/render";
import { ScrollToTop } from "./ScrollToTop";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ScrollToTop", () => {
  // The app adopts a prerendered page on the visitor's first input (ADR 0024, 0025): by then the
  // visitor may have scrolled, or followed an in-page link (/resources#sdk). Adopting must leave
  // the scroll where the browser put it.
  it("leaves the scroll alone when the app starts on a page", () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    render(<ScrollToTop />, { route: "/resources" });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("goes to the top when the app moves to another page", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    render(
      <>
        <ScrollToTop />
        <Link to="/rules">Rules</Link>
      </>,
      { route: "/resources" },
    );
    await act(async () => {
      await userEvent.click(screen.getByRole("link", { name: "Rules" }));
    });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
