/** For names and codes that must be typed exactly: no autofill, capitals or spelling fixes. */
export const verbatimInput = {
  autoComplete: "off",
  autoCapitalize: "none",
  autoCorrect: "off",
  spellCheck: false,
} as const;
