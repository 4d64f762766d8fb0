import { Card, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface FormCardProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}

/** A console form in its own card, named by its heading; the browser's own validation is off. */
export function FormCard({ id, title, onSubmit, children }: FormCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {children}
        </Stack>
      </form>
    </Card>
  );
}
