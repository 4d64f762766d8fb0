import { Anchor, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { ExternalLinkIcon } from "./icons";

interface ExternalLinkProps {
  href: string;
  children: ReactNode;
  "aria-label"?: string;
}

/** A link to another site, opened in a new tab, with the icon that says so. */
export function ExternalLink({ href, children, "aria-label": ariaLabel }: ExternalLinkProps) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" aria-label={ariaLabel}>
      <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
        {children}
        <ExternalLinkIcon size={14} />
      </Group>
    </Anchor>
  );
}
