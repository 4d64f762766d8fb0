import { icon } from "../icons";

export const PauseIcon = icon(["M7 5h3v14H7zM14 5h3v14h-3z"], 18, "currentColor");

export const PlayIcon = icon(["M7 4v16l13-8z"], 18, "currentColor");

export const ChevronLeftIcon = icon(["M15 6l-6 6l6 6"]);

export const ChevronRightIcon = icon(["M9 6l6 6l-6 6"]);

export const ArrowRightIcon = icon(["M5 12h14M13 6l6 6l-6 6"]);

export const CheckCircleIcon = icon([
  "M12 21a9 9 0 1 0 0-18a9 9 0 0 0 0 18z",
  "M8.5 12.5l2.5 2.5l4.5-5",
]);

export const SparkIcon = icon([
  "M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6",
]);
