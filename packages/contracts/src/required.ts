/**
 * A Zod `error` option that answers `message` only when the field is missing, leaving every
 * other problem (wrong type, too long) to its own message.
 */
export const missing = (message: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? message : undefined;
