import { Anchor, Tabs } from "@mantine/core";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import { Link, useSearchParams } from "react-router";
import type { StandingsView } from "../../api/leaderboard/requests";
import { useCompetition } from "../../competition/CompetitionContext";
import { DomainLeaderboardView } from "./DomainLeaderboardView";
import classes from "./Leaderboard.module.css";
import { domainLeaderboardPath } from "./paths";

/**
 * docs/product.md#leaderboards: one tab per domain with its table and a link to the full-page
 * view. The open tab is kept in the address (?domain=slug) so a reload or a shared link opens the
 * same one, and only the open tab's leaderboard is requested.
 */
export function DomainLeaderboardTabs({ view = "official" }: { view?: StandingsView }) {
  const [params, setParams] = useSearchParams();
  const { domains } = useCompetition().competition;
  const requested = params.get("domain");
  const active = domains.some((d) => d.slug === requested) ? requested! : domains[0]!.slug;

  const select = (slug: string | null) => {
    if (!slug) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("domain", slug);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <Tabs value={active} onChange={select} keepMounted={false} variant="pills" radius="xl">
      <Tabs.List className={classes.tabsList} aria-label="Domain leaderboards">
        {domains.map((domain) => (
          <Tabs.Tab key={domain.slug} value={domain.slug} className={classes.tab}>
            {domain.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {domains.map((domain) => (
        <Tabs.Panel key={domain.slug} value={domain.slug} pt="md">
          <DomainLeaderboardView
            domain={domain.slug}
            adminMessage={LEADERBOARD_MESSAGES.adminRequired}
            view={view}
            actions={
              <Anchor
                component={Link}
                to={domainLeaderboardPath(domain.name, view)}
                size="sm"
                fw={600}
              >
                Open the full {domain.name} leaderboard <span aria-hidden="true">→</span>
              </Anchor>
            }
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
