import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A part of a console page without a card of its own, named by its heading. */
export function TitledSection({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
