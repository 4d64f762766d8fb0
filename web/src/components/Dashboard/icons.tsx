import { icon } from "../icons";

// The dashboard's icons are a size smaller than the shared default.
const small = (paths: readonly string[]) => icon(paths, 16);

export const CopyIcon = small([
  "M7 9.667a2.667 2.667 0 0 1 2.667 -2.667h8.666a2.667 2.667 0 0 1 2.667 2.667v8.666a2.667 2.667 0 0 1 -2.667 2.667h-8.666a2.667 2.667 0 0 1 -2.667 -2.667z",
  "M4.012 16.737a2 2 0 0 1 -1.012 -1.737v-10c0 -1.1 .9 -2 2 -2h10c.75 0 1.158 .385 1.5 1",
]);

export const HelpIcon = small([
  "M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0",
  "M12 16v.01",
  "M12 13a2 2 0 0 0 .914 -3.782a1.98 1.98 0 0 0 -2.414 .483",
]);

export const ExternalLinkIcon = small([
  "M12 6h-6a2 2 0 0 0 -2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-6",
  "M11 13l9 -9",
  "M15 4h5v5",
]);

export const NotebookIcon = small([
  "M6 4h11a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-11a1 1 0 0 1 -1 -1v-14a1 1 0 0 1 1 -1m3 0v18",
  "M13 8l2 0",
  "M13 12l2 0",
]);

export const BoltIcon = small(["M13 3l0 7l6 0l-8 11l0 -7l-6 0l8 -11"]);

export const KeyIcon = small([
  "M16.555 3.843l3.602 3.602a2.877 2.877 0 0 1 0 4.069l-2.643 2.643a2.877 2.877 0 0 1 -4.069 0l-.301 -.301l-6.558 6.558a2 2 0 0 1 -1.239 .578l-.175 .008h-1.172a1 1 0 0 1 -.993 -.883l-.007 -.117v-1.172a2 2 0 0 1 .467 -1.284l.119 -.13l.414 -.414h2v-2h2v-2l2.144 -2.144l-.301 -.301a2.877 2.877 0 0 1 0 -4.069l2.643 -2.643a2.877 2.877 0 0 1 4.069 0z",
  "M15 9h.01",
]);

export const RefreshIcon = small([
  "M20 11a8.1 8.1 0 0 0 -15.5 -2m-.5 -4v4h4",
  "M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4",
]);

export const UserMinusIcon = small([
  "M8 7a4 4 0 1 0 8 0a4 4 0 0 0 -8 0",
  "M6 21v-2a4 4 0 0 1 4 -4h4c.348 0 .686 .045 1.009 .128",
  "M16 19h6",
]);
