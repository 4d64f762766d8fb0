export { ABOUT, type ChallengeDimension, type TeamGroup } from "./about";
export { FOOTER, type SocialLink } from "./footer";
export {
  AUDIENCE_SLIDES,
  type AudienceSlide,
  CONFERENCE_BANNER,
  DOMAIN_CARDS,
  DOMAINS_SECTION,
  FEATURES,
  FEATURES_SECTION,
  type Feature,
  HERO_ACTIONS,
  HERO_BACKGROUNDS,
  HERO_HEADING,
  HERO_SLIDES,
  type HeroSlide,
  PARTICIPATE_SECTION,
  SUPPORTED_BY_SECTION,
  TIMELINE_SECTION,
} from "./landing";
export { PRIVACY_POLICY } from "./privacy";
export {
  RESOURCE_CARDS,
  RESOURCE_SECTIONS,
  RESOURCES_PAGE,
  type ResourceCard,
  sdkSnippet,
} from "./resources";
export {
  FAQ,
  type FaqItem,
  PARTICIPATION_STEPS,
  type ParticipationStep,
  RULES_PAGE,
  RULES_SECTIONS,
} from "./rules";
export { SCORING_PARTS_RULES, scoringPartsOf } from "./scoring-parts";
export {
  ACADEMIC_PARTNERS,
  DOMAIN_SPONSORS,
  type DomainSponsor,
  SPONSORS_PAGE,
  SUPPORTERS,
  type Supporter,
} from "./sponsors";
export { SITE_TIMERS } from "./timing";
export type { SiteImage, SiteLink, TextSection } from "./types";
