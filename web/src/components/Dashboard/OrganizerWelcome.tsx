import { Anchor, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";
import { useAdminOverview } from "../../api/admin/overview/hooks";
import { CONSOLE_SECTIONS } from "../Admin/sections";
import { JupyterLaunch } from "../Jupyter/JupyterLaunch";
import { SectionCard } from "../SectionCard";

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
    <SectionCard
      id="organizer-welcome-title"
      title="Organizers' console"
      description="You are an organizer: you need no team. Run the competition from the console."
      size="h3"
      padding="lg"
      gap="md"
    >
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
    </SectionCard>
  );
}
