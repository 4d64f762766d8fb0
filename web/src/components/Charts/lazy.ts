import { lazy } from "react";

/**
 * uPlot and its styles come with this chunk only, fetched when a chart first renders. The pages
 * load their chart sections with React.lazy too, each starting this import alongside (written
 * out in each page, not shared from here: a helper shared by three pages became a chunk of its
 * own that every page load listed, and the landing page's first script grew).
 */
export const LazyUPlotChart = lazy(() => import("./UPlotChart"));
