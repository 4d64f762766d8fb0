import { Card, type MantineSpacing, Stack, type StackProps, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface SectionCardProps {
  /** The heading's id: the section is named by its heading. */
  id: string;
  title: ReactNode;
  /** A dimmed line under the title. */
  description?: ReactNode;
  children: ReactNode;
  gap?: MantineSpacing;
  align?: StackProps["align"];
  /** The console's cards are `md`; the participants' pages are roomier (`lg`). */
  padding?: MantineSpacing;
  /** A card within a section of the page: a smaller, lower heading. */
  nested?: boolean;
  /** The heading's size when it is not nested. */
  size?: "h3" | "h4";
  /** Makes the card a form (validated by the app, not the browser) submitting to this. */
  onSubmit?: () => void;
}

/** A bordered section of a page, headed by its title. */
export function SectionCard({
  id,
  title,
  description,
  children,
  gap = "sm",
  align,
  padding = "md",
  nested,
  size = "h4",
  onSubmit,
}: SectionCardProps) {
  const heading = (
    <Title order={nested ? 3 : 2} size={nested ? "h5" : size} id={id}>
      {title}
    </Title>
  );
  const body = (
    <Stack gap={gap} align={align}>
      {description === undefined ? (
        heading
      ) : (
        <Stack gap={4}>
          {heading}
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      )}
      {children}
    </Stack>
  );
  return (
    <Card withBorder radius="md" padding={padding} component="section" aria-labelledby={id}>
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
