import { Text } from "@mantine/core";
import { JupyterLaunch } from "../../Jupyter/JupyterLaunch";
import { SectionCard } from "../../SectionCard";

/** The hub from the console (issue 33): organizers need no team to open it. */
export function JupyterCard() {
  return (
    <SectionCard id="jupyter-title" title="JupyterHub" gap="xs">
      <Text size="sm">
        Hosted notebooks with the competition's data sets and the Python SDK installed. The link
        opens in a new tab and signs you in once.
      </Text>
      <JupyterLaunch />
    </SectionCard>
  );
}
