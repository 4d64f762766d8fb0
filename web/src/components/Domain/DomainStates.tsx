import {
  Alert,
  Anchor,
  Button,
  Container,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { SITE_TIMERS } from "@tandem/competition";
import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";
import classes from "./Domain.module.css";

/**
 * docs/product.md#domain-pages: a domain page shows this for 500 ms before its content. Still
 * (`animate` false) over a page rendered by the server: the skeletons' pulse kept the main
 * thread busy on a slow phone while the page was being read (docs/adr/0027).
 */
export function DomainLoading({ animate = true }: { animate?: boolean }) {
  return (
    <Container size="lg" py="xl" role="status" aria-live="polite">
      <VisuallyHidden>Loading domain…</VisuallyHidden>
      <Stack aria-hidden="true">
        <Skeleton height={180} radius="lg" animate={animate} />
        <Skeleton height={24} width="40%" animate={animate} />
        <Skeleton height={14} animate={animate} />
        <Skeleton height={14} width="90%" animate={animate} />
        <Skeleton height={220} radius="md" mt="md" animate={animate} />
      </Stack>
    </Container>
  );
}

/**
 * The loading state over `children`, both rendered at once, for a page rendered by the server
 * (docs/adr/0027): CSS swaps them after the loading time (Domain.module.css, `--domain-loading-ms`),
 * so the page needs no script for it. The content is laid out from the start, only invisible,
 * so nothing moves when it shows.
 */
export function RevealAfterLoading({ children }: { children: ReactNode }) {
  return (
    <div
      className={classes.reveal}
      style={{ "--domain-loading-ms": `${SITE_TIMERS.domainLoadingMs}ms` } as CSSProperties}
    >
      {/* The loading state first: each animation starts when the parser reaches its element, and
          the long content can arrive in a later chunk. In this order the loading state is hidden
          no later than the content shows; the other way round, both showed for a moment. */}
      <div className={classes.revealLoading}>
        <DomainLoading animate={false} />
      </div>
      <div className={classes.revealContent}>{children}</div>
    </div>
  );
}

export function DomainNotFound() {
  return (
    <Container size="sm" py={80}>
      <Title order={1} mb="sm">
        Domain Not Found
      </Title>
      <Text mb="lg">This domain does not exist or is not published yet.</Text>
      <Anchor component={Link} to="/domains" fw={600}>
        Browse all domains
      </Anchor>
    </Container>
  );
}

export function DomainLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Container size="sm" py={80}>
      <Title order={1} mb="sm">
        Domain unavailable
      </Title>
      <Alert color="red" variant="light" mb="lg">
        The domain's details could not be loaded. Check your connection and try again.
      </Alert>
      <Button onClick={onRetry}>Try again</Button>
    </Container>
  );
}
