import { Anchor, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useAdminOverview } from "../../api/admin/overview/hooks";
import { CONSOLE_SECTIONS } from "../Admin/sections";
import { JupyterLaunch } from "../Jupyter/JupyterLaunch";

/**
 * The dashboard's first card for an organizer (issue 33): the console's entry points, with the
 * teams waiting for activation counted, and JupyterHub. Sign-in still lands on /dashboard
 * (docs/product.md#sign-in); an organizer in a team sees the team's parts below it as everyone
 * does.
 */
export function OrganizerWelcome() {
  const { data: overview } = useAdminOverview();
  const waiting = overview?.activation_requests.total ?? 0;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="organizer-welcome-title"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="organizer-welcome-title">
            Organizers' console
          </Title>
          <Text size="sm" c="dimmed">
            You are an organizer: you need no team. Run the competition from the console.
          </Text>
        </Stack>
        {waiting > 0 && (
          <Anchor component={Link} to="/admin" fw={600}>
            {waiting === 1
              ? "1 team is waiting for activation"
              : `${waiting} teams are waiting for activation`}
          </Anchor>
        )}
        <SimpleGrid
          component="ul"
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="sm"
          verticalSpacing="sm"
          aria-label="Console pages"
          style={{ listStyle: "none", padding: 0, margin: 0 }}
        >
          {CONSOLE_SECTIONS.map((section) => (
            <li key={section.to}>
              <Anchor component={Link} to={section.to} fw={600}>
                {section.label}
              </Anchor>
              <Text size="xs" c="dimmed">
                {section.hint}
              </Text>
            </li>
          ))}
        </SimpleGrid>
        <JupyterLaunch />
      </Stack>
    </Card>
  );
}
