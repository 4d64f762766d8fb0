import { type CSSVariablesResolver, createTheme, darken, Notification } from "@mantine/core";

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
  components: {
    Notification: Notification.extend({
      // The close button is an icon: say what it does. Under a title, Mantine greys the
      // description to gray 6 (3.3:1 on white); "dimmed" is darkened below.
      defaultProps: { closeButtonProps: { "aria-label": "Dismiss notification" } },
      styles: (_theme, props) => ({
        description: props.title ? { color: "var(--mantine-color-dimmed)" } : {},
      }),
    }),
  },
});

/**
 * Contrast fixes (WCAG AA asks 4.5:1 for text). Light scheme:
 * - "dimmed" text: Mantine's gray 6 is 3.3:1 on white; gray 7 is 7:1 and still reads as
 *   secondary next to black body text.
 * - The "light" variant (badges, alerts, light buttons) writes shade 9 on shade 1, which is 3.6:1
 *   for orange and 3.8:1 for green; 30% darker text gives 6:1 or better for every colour. Coloured
 *   text (`c="red"`, Mantine's `-text` variable, the primary shade 8 by default: 3.6:1 for orange)
 *   gets the same shade, so `c="<colour>"` reads in both schemes (shade 4 on the dark body).
 * Dark scheme (body dark 7, #242424): dimmed dark 2 is 4.0:1, dark 1 is 7.7:1; the error and
 * success colours (red 8, teal 8) are 3.5 and 3.8:1, their shade 4 is 6:1 or better.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": resolved.colors.gray[7]!,
    ...Object.fromEntries(
      Object.entries(resolved.colors).flatMap(([name, shades]) => {
        const text = darken(shades[9]!, 0.3);
        return [
          [`--mantine-color-${name}-light-color`, text],
          [`--mantine-color-${name}-text`, text],
        ];
      }),
    ),
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-error": "var(--mantine-color-red-4)",
    "--mantine-color-success": "var(--mantine-color-teal-4)",
  },
});
