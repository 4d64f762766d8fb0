import { lazy } from "react";

/**
 * uPlot and its styles come with this chunk only, fetched when a chart first renders. The pages
 * load their chart sections through `lazyChart` (its own file, not this one: a helper here became
 * a chunk that every page load listed, and the landing page's first script grew; on its own it is
 * listed only by the pages that draw charts).
 */
export const LazyUPlotChart = lazy(() => import("./UPlotChart"));
