import { Card, Stack, Text, Title } from "@mantine/core";
import { JupyterLaunch } from "../../Jupyter/JupyterLaunch";

/** The hub from the console (issue 33): organizers need no team to open it. */
export function JupyterCard() {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="jupyter-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="jupyter-title">
          JupyterHub
        </Title>
        <Text size="sm">
          Hosted notebooks with the competition's data sets and the Python SDK installed. The link
          opens in a new tab and signs you in once.
        </Text>
        <JupyterLaunch />
      </Stack>
    </Card>
  );
}
