import { Card, Stack, Text, Title } from "@mantine/core";
import { type FormEventHandler, type ReactNode, useId } from "react";

interface TeamFormCardProps {
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** A dashboard section named by its heading, holding one of the forms that get the viewer a team. */
export function TeamFormCard({ title, description, onSubmit, children }: TeamFormCardProps) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <div>
            <Title order={3} size="h4" id={headingId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          {children}
        </Stack>
      </form>
    </Card>
  );
}
