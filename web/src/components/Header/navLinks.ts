import { useMemo } from "react";
import { useCompetition } from "../../competition/CompetitionContext";

export interface NavItem {
  label: string;
  to: string;
}

/** Header links, split where the Domains menu goes. */
export const LINKS_BEFORE_DOMAINS: readonly NavItem[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
];

export const LINKS_AFTER_DOMAINS: readonly NavItem[] = [
  { label: "Rules", to: "/rules" },
  { label: "Resources", to: "/resources" },
  { label: "Sponsors", to: "/sponsors" },
  { label: "Leaderboard", to: "/leaderboard" },
];

/** The active competition's domains, and where the "Domains" link itself goes: the first. */
export function useDomainLinks(): { links: readonly NavItem[]; landing: string } {
  const { competition } = useCompetition();
  return useMemo(() => {
    const links = competition.domains.map((domain) => ({ label: domain.name, to: domain.route }));
    return { links, landing: links[0]?.to ?? "/domains" };
  }, [competition]);
}
