import { Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { CreateTeamForm } from "./CreateTeamForm";
import { JoinTeamForm } from "./JoinTeamForm";

/**
 * "My Team" for an organizer in no team: nothing asks them to make one (issue 33), but the
 * forms stay one click away for trying the participant side.
 */
export function OrganizerTeamForms() {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="md" align="flex-start">
      <Text c="dimmed">
        Organizers need no team. To try the site as a participant does, you can create or join one.
      </Text>
      {!open && (
        <Button variant="default" onClick={() => setOpen(true)}>
          Create or join a team
        </Button>
      )}
      {open && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" w="100%">
          <CreateTeamForm />
          <JoinTeamForm />
        </SimpleGrid>
      )}
    </Stack>
  );
}
