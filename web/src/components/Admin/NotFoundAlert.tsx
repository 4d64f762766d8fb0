import { Alert, Anchor, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A console page whose id names nothing, with the way back to its list. */
export function NotFoundAlert({
  title,
  back,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Alert color="orange" variant="light" title={title}>
      <Text size="sm">
        {children}{" "}
        <Anchor component={Link} to={back.to}>
          {back.label}
        </Anchor>
      </Text>
    </Alert>
  );
}
