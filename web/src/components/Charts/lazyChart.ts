import { type ComponentType, lazy } from "react";

/**
 * A chart section loaded with React.lazy when it first renders, starting uPlot's chunk (which
 * the section's chart needs next) alongside instead of after it.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound for a component's props.
export function lazyChart<T extends ComponentType<any>>(load: () => Promise<T>) {
  return lazy(() => {
    void import("./UPlotChart").catch(() => undefined);
    return load().then((component) => ({ default: component }));
  });
}
