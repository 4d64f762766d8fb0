import { SITE_TIMERS } from "@tandem/competition";
import { useEffect, useState } from "react";
import { Navigate, useLocation, useParams } from "react-router";
import { useCompetitionDomains } from "../api/competition/hooks";
import { useCompetition } from "../competition/CompetitionContext";
import {
  DomainLoadFailed,
  DomainLoading,
  DomainNotFound,
  RevealAfterLoading,
} from "../components/Domain/DomainStates";
import { DomainView } from "../components/Domain/DomainView";
import { Footer } from "../components/Footer/Footer";
import { useRenderedPage } from "../pageData";

/** True once `ms` have passed since mount. */
function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setElapsed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

function DomainContent({ route }: { route: string }) {
  const { data, error, mutate } = useCompetitionDomains();
  const elapsed = useElapsed(SITE_TIMERS.domainLoadingMs);
  // Rendered by the server with its data (docs/adr/0027): the loading state and the content are
  // both in the HTML, and CSS shows the content after the loading time, with or without a
  // script. The page keeps that DOM when the app adopts it.
  const rendered = useRenderedPage();
  const [revealedByCss] = useState(() => rendered !== null && data !== undefined);

  if (revealedByCss && data) {
    const domain = data.find((candidate) => candidate.route === route);
    return (
      <RevealAfterLoading>
        {domain ? <DomainView domain={domain} /> : <DomainNotFound />}
      </RevealAfterLoading>
    );
  }
  if (!elapsed || (!data && !error)) return <DomainLoading />;
  if (!data) return <DomainLoadFailed onRetry={() => void mutate()} />;
  const domain = data.find((candidate) => candidate.route === route);
  if (!domain) return <DomainNotFound />;
  return <DomainView domain={domain} />;
}

/** One component for every domain route; the path says which domain. */
export default function DomainPage() {
  const { pathname } = useLocation();
  const { slug = "" } = useParams();
  const { competition } = useCompetition();
  // Paths match without regard to case, as the router's own routes do.
  const known = competition.domains.some((domain) => domain.slug === slug.toLowerCase());
  if (!known) return <Navigate to="/" replace />;
  return (
    <>
      {/* A new domain starts over with its own loading state. */}
      <DomainContent key={pathname} route={pathname.replace(/\/+$/, "")} />
      <Footer />
    </>
  );
}
