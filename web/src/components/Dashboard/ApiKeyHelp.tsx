import { ActionIcon, Code, Stack, Text, Tooltip } from "@mantine/core";
import { SDK_PACKAGE } from "@tandem/competition";
import classes from "./Dashboard.module.css";
import { HelpIcon } from "./icons";

/** The API key's help tooltip: how the SDK uses it (docs/product.md#submitting). */
export function ApiKeyHelp({ teamName }: { teamName: string }) {
  const help = (
    <Stack gap={6}>
      <Text size="sm">
        The Python SDK signs in as your team with this key. Install it with{" "}
        <Code className={classes.tooltipCode}>pip install {SDK_PACKAGE.pipName}</Code>, then give{" "}
        <Code className={classes.tooltipCode}>{SDK_PACKAGE.importName}</Code> this key and your team
        name, <Code className={classes.tooltipCode}>{teamName}</Code>, to fetch domains and submit
        predictions.
      </Text>
      <Text size="sm">Keep it secret: anyone with the key can submit for your team.</Text>
    </Stack>
  );

  return (
    <Tooltip
      label={help}
      multiline
      w={300}
      withArrow
      position="top-start"
      events={{ hover: true, focus: true, touch: true }}
    >
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label="How to use the API key">
        <HelpIcon />
      </ActionIcon>
    </Tooltip>
  );
}
