import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Goes to the top when the app moves to another page. Not when it starts: the browser has put
 * the scroll where it belongs (the top, or a link's #section), and on a prerendered page the app
 * starts on the visitor's first input, maybe after they scrolled (docs/adr/0024, 0025).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
