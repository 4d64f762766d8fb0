import { Container } from "@mantine/core";
import { buildCompetition, type PublicCompetition } from "@tandem/competition";
import { type ReactNode, useMemo } from "react";
import { usePublicCompetition } from "../api/competition/hooks";
import { LoadError } from "../components/LoadError";
import { PageLoader } from "../components/PageLoader";
import { type ActiveCompetition, CompetitionContext } from "./CompetitionContext";

/**
 * Gives every page the active competition: `initial` (the page's injected copy, or the
 * prerender's) at once, then whatever `GET /api/competition` answers, so an organizer's change
 * reaches open pages without a reload. Without `initial` nothing renders until the answer.
 */
export function CompetitionProvider({
  initial = null,
  children,
}: {
  initial?: PublicCompetition | null;
  children: ReactNode;
}) {
  const { data, error, mutate } = usePublicCompetition(initial);
  // SWR keeps the same object while answers are deep-equal, so this builds once per change.
  const definition = data?.definition;
  const competition = useMemo(
    () => (definition ? buildCompetition(definition) : null),
    [definition],
  );
  const value = useMemo<ActiveCompetition | null>(
    () =>
      data && competition ? { competition, status: data.status, version: data.version } : null,
    [data, competition],
  );

  if (!value) {
    return error ? (
      <Container size="sm" py="xl">
        <LoadError
          title="The competition could not be loaded"
          error={error}
          onRetry={() => mutate()}
        />
      </Container>
    ) : (
      <PageLoader />
    );
  }
  return <CompetitionContext.Provider value={value}>{children}</CompetitionContext.Provider>;
}
