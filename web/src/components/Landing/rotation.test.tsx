import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useRotatingIndex, useRotationControl } from "./rotation";

/** The prerendered page as the landing page's first script left it: slide 3 shown, paused. */
function leavePage({ prerendered }: { prerendered: boolean }) {
  document.body.innerHTML = `
    <div id="root" ${prerendered ? "data-prerendered" : ""}>
      <section data-rotation="hero" data-choice="paused">
        <div data-rotation-set="slides"><div></div><div></div><div data-active></div></div>
      </section>
    </div>`;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("adopting the landing page's carousels", () => {
  it("starts at the slide and with the Pause choice the page's first script left", () => {
    leavePage({ prerendered: true });
    const { result } = renderHook(() => {
      const control = useRotationControl("hero");
      const slide = useRotatingIndex(3, 5_000, control.running, { region: "hero", set: "slides" });
      return { playing: control.playing, index: slide.index };
    });
    expect(result.current).toEqual({ playing: false, index: 2 });
  });

  it("starts from the first slide, playing, once the page is the app's", () => {
    leavePage({ prerendered: false });
    const { result } = renderHook(() => {
      const control = useRotationControl("hero");
      const slide = useRotatingIndex(3, 5_000, control.running, { region: "hero", set: "slides" });
      return { playing: control.playing, index: slide.index };
    });
    expect(result.current).toEqual({ playing: true, index: 0 });
  });
});
