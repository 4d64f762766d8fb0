import {
  type MantineColorScheme,
  Menu,
  SegmentedControl,
  Stack,
  Text,
  useMantineColorScheme,
} from "@mantine/core";
import { useId } from "react";

/**
 * Light, Dark, or System ("auto": the browser's prefers-color-scheme, followed live). Mantine's
 * colorSchemeManager keeps the choice in localStorage, where web/index.html's inline script reads
 * it before first paint.
 */
const CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "auto", label: "System" },
];

export const COLOR_SCHEME_LABEL = "Theme";

/** The header's settings menu: a labelled group of radio items. */
export function ColorSchemeMenuItems() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <Menu.Label>{COLOR_SCHEME_LABEL}</Menu.Label>
      <Menu.RadioGroup
        value={colorScheme}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
      >
        {CHOICES.map((choice) => (
          <Menu.RadioItem key={choice.value} value={choice.value}>
            {choice.label}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
    </>
  );
}

/** The mobile drawer: a segmented control, a radio group named by the label above it. */
export function ColorSchemeControl() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        {COLOR_SCHEME_LABEL}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        fullWidth
        value={colorScheme}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
        data={CHOICES}
      />
    </Stack>
  );
}
