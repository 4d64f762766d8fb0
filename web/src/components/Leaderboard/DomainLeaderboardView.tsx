import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import { type ReactNode, Suspense } from "react";
import { useDomainLeaderboard } from "../../api/leaderboard/hooks";
import type { StandingsView } from "../../api/leaderboard/requests";
import { useRenderedPage } from "../../pageData";
import { lazyChart } from "../Charts/lazyChart";
import { useOwnTeamId } from "./access";
import { DomainLeaderboardTable } from "./DomainLeaderboardTable";
import { isForbidden, isTeamRequired, serverDetail } from "./errors";
import { LeaderboardData } from "./LeaderboardData";
import { AdminRequired, TeamRequired } from "./LeaderboardGate";

/** Issue 33's histogram under the table, loaded only when it renders (uPlot is fetched alongside). */
const ScoreDistribution = lazyChart(() =>
  import("./ScoreDistribution").then((m) => m.ScoreDistribution),
);

interface DomainLeaderboardViewProps {
  /** Slug or display name, as the API accepts either. */
  domain: string;
  adminMessage: string;
  /** The official standings unless told (the organizers' private preview). */
  view?: StandingsView;
  /** Shown at the end of the "Ranking as of" line once the data is there. */
  actions?: ReactNode;
}

/** One domain's leaderboard with its loading, error and refresh states. */
export function DomainLeaderboardView({
  domain,
  adminMessage,
  view = "official",
  actions,
}: DomainLeaderboardViewProps) {
  const query = useDomainLeaderboard(domain, view);
  const ownTeamId = useOwnTeamId();
  // A lazy chunk cannot be rendered on the server: on a page rendered per request the histogram
  // comes once the app has adopted it, below the table (docs/adr/0028).
  const rendered = useRenderedPage();

  if (isForbidden(query.error)) return <AdminRequired message={adminMessage} />;
  if (isTeamRequired(query.error)) return <TeamRequired />;
  return (
    <LeaderboardData
      query={query}
      loadFailed={LEADERBOARD_MESSAGES.domainLoadFailed}
      detailOf={serverDetail}
      actions={actions}
    >
      {(data) => (
        <>
          <DomainLeaderboardTable data={data} ownTeamId={ownTeamId} />
          {rendered === null && (
            <Suspense fallback={null}>
              <ScoreDistribution data={data} ownTeamId={ownTeamId} />
            </Suspense>
          )}
        </>
      )}
    </LeaderboardData>
  );
}
