import { lazy } from "react";

/** uPlot and its styles come with this chunk only, fetched when a chart first renders. */
export const LazyUPlotChart = lazy(() => import("./UPlotChart"));
