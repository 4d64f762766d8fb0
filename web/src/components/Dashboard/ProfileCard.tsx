import { Avatar, Badge, Card, Divider, Group, Stack, Text, Title } from "@mantine/core";
import type { User } from "../../auth/user";
import { useCompetition } from "../../competition/CompetitionContext";
import classes from "./Dashboard.module.css";
import { ExternalLink } from "./ExternalLink";
import { capitalize, initialsOf } from "./format";
import { WebinarList } from "./WebinarList";

/** docs/product.md#dashboard: who is signed in, the webinars and the participant resources. */
export function ProfileCard({ user }: { user: User }) {
  const participant = useCompetition().competition.definition.resources;
  const resources = [participant.recording, participant.slides, participant.teammate_finder];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Profile">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="center">
          <Avatar color="indigo" radius="xl" size="lg" aria-hidden>
            {initialsOf(user.username)}
          </Avatar>
          <div className={classes.wrapAnywhere}>
            <Title order={2} size="h4" className={classes.wrapAnywhere}>
              {user.username}
            </Title>
            <Text size="sm" c="dimmed" className={classes.wrapAnywhere}>
              {user.email}
            </Text>
          </div>
        </Group>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Status
          </Text>
          <Badge variant="light" color={user.status === "active" ? "green" : "gray"}>
            {capitalize(user.status ?? "unknown")}
          </Badge>
          {user.admin_access && (
            <Badge variant="light" color="indigo">
              Admin
            </Badge>
          )}
        </Group>

        <Divider />
        <div>
          <Title order={3} size="h6" tt="uppercase" c="dimmed" mb="xs">
            Webinars
          </Title>
          <WebinarList />
        </div>

        <div>
          <Title order={3} size="h6" tt="uppercase" c="dimmed" mb="xs">
            Resources
          </Title>
          <Stack gap={6}>
            {resources.map((resource) => (
              <ExternalLink key={resource.url} href={resource.url}>
                {resource.label}
              </ExternalLink>
            ))}
          </Stack>
        </div>
      </Stack>
    </Card>
  );
}
