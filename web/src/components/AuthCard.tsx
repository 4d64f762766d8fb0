import { Anchor, Container, Paper, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

interface AuthCardProps {
  /** Left out when the card's content carries the page heading itself. */
  title?: string;
  description?: ReactNode;
  /** Container width in px; forms with two columns need more than the default. */
  width?: number;
  children: ReactNode;
}

/** The centred title-and-card layout shared by the sign-in, sign-up and password pages. */
export function AuthCard({ title, description, width = 440, children }: AuthCardProps) {
  return (
    <Container size={width} py="xl" px="md">
      {title && (
        <Title order={1} ta="center">
          {title}
        </Title>
      )}
      {description && (
        <Text c="dimmed" size="sm" ta="center" mt={5}>
          {description}
        </Text>
      )}
      <Paper withBorder shadow="sm" p={{ base: "md", xs: "xl" }} mt={title ? "xl" : 0} radius="md">
        {children}
      </Paper>
    </Container>
  );
}

/** The centred link that closes an auth card: back to login, or on to sign up. */
export function AuthCardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Text ta="center" size="sm" mt="lg">
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Text>
  );
}
