import { type CSSVariablesResolver, createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "indigo",
  // Indigo 6 gives white text 4.3:1 and links on white 4.3:1, under WCAG AA's 4.5:1; 8 gives 5.7:1.
  primaryShade: 8,
  defaultRadius: "md",
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: {
    fontWeight: "700",
  },
});

/**
 * Mantine's light "dimmed" text (gray 6) is 3.3:1 on white, under WCAG AA's 4.5:1; gray 7 is
 * 7:1 and still reads as secondary next to black body text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: { "--mantine-color-dimmed": resolved.colors.gray[7]! },
  dark: {},
});
