import { Card, type MantineSpacing, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface SectionCardProps {
  /** The heading's id: the section is named by its heading. */
  id: string;
  title: ReactNode;
  children: ReactNode;
  gap?: MantineSpacing;
  /** A card within a section of the page: a smaller, lower heading. */
  nested?: boolean;
  /** Makes the card a form (validated by the app, not the browser) submitting to this. */
  onSubmit?: () => void;
}

/** A bordered section of the console, headed by its title. */
export function SectionCard({
  id,
  title,
  children,
  gap = "sm",
  nested,
  onSubmit,
}: SectionCardProps) {
  const body = (
    <Stack gap={gap}>
      <Title order={nested ? 3 : 2} size={nested ? "h5" : "h4"} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      {onSubmit ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {body}
        </form>
      ) : (
        body
      )}
    </Card>
  );
}
