import { z } from "zod";

/**
 * The pages' copy in the competition definition, shaped as the pages render it (so its keys
 * follow the web's components, not the API's snake_case).
 */

const s = z.string();
const paragraphs = z.array(s);
const image = z.object({ src: s, alt: s });
const siteLink = z.object({ label: s, href: s, external: z.boolean().optional() });
const textSection = z.object({
  id: s,
  title: s,
  paragraphs,
  bullets: z.array(s).optional(),
});

export const siteSchema = z.object({
  hero: z.object({
    heading: s,
    slides: z.array(z.object({ title: s, subtitle: s })).min(1),
    backgrounds: z.array(image).min(1),
    actions: z.object({ register: siteLink, dashboard: siteLink, secondary: siteLink }),
  }),
  conference_banner: z.object({ title: s, text: s, image }),
  participate: z.object({
    title: s,
    intro: s,
    slides: z
      .array(
        z.object({
          id: s,
          title: s,
          subtitle: s,
          perks: z.array(s),
          image: s,
          imageAlt: s,
        }),
      )
      .min(1),
  }),
  features: z.object({
    title: s,
    intro: s,
    items: z.array(z.object({ title: s, description: s })),
  }),
  domains_section: z.object({ title: s, intro: s, cta: s }),
  timeline_section: z.object({ title: s, intro: s, cta: siteLink }),
  supported_by: z.object({ title: s, cta: siteLink }),
  about: z.object({
    title: s,
    intro: s,
    image,
    motivation: textSection,
    collaboration: textSection,
    teamTitle: s,
    teamIntro: s,
    team: z.array(z.object({ name: s, description: s })),
    acknowledgments: z.object({ title: s, text: s, link: siteLink }),
    methodology: z.object({
      title: s,
      intro: s,
      structureTitle: s,
      structure: z.array(s),
      dimensions: z.array(z.object({ name: s, description: s, shown: z.boolean() })),
    }),
  }),
  rules: z.object({
    page: z.object({
      title: s,
      intro: s,
      stepsTitle: s,
      rulesTitle: s,
      faqTitle: s,
      cta: z.object({ title: s, text: s, label: s, href: s }),
    }),
    steps: z.array(z.object({ title: s, description: s })),
    sections: z.array(
      textSection.extend({ dynamic: z.enum(["timeline", "metrics", "prizes"]).optional() }),
    ),
    faq: z.array(z.object({ question: s, answer: s })),
  }),
  resources: z.object({
    page: z.object({ title: s, intro: s }),
    cards: z.array(z.object({ id: s, title: s, description: s })),
    sections: z.object({
      api: z.object({
        paragraphs,
        methods: z.array(z.object({ name: s, description: s })),
        snippetTitle: s,
        /** The challenge (`{domain slug}/{number}`) the sample SDK code submits to. */
        exampleChallenge: s,
        reference: z.object({ text: s, link: siteLink }),
      }),
      baseline: z.object({ paragraphs }),
      schemas: z.object({ paragraphs }),
      genai: z.object({ paragraphs, course: siteLink }),
      mentors: z.object({ paragraphs, button: s }),
      officeHours: z.object({
        paragraphs,
        biweekly: z.object({ title: s, description: s }),
      }),
    }),
  }),
  sponsors: z.object({
    page: z.object({
      title: s,
      intro: s,
      academicTitle: s,
      domainTitle: s,
      domainIntro: s,
      communityTitle: s,
      communityText: s,
      contactTitle: s,
      contactText: s,
      contactEmail: s,
    }),
    academic_partners: z.array(z.object({ name: s, role: s, logo: image })),
  }),
  privacy: z.object({
    title: s,
    lastUpdated: s,
    intro: s,
    sections: z.array(textSection),
    contact: z.object({ label: s, email: s }),
  }),
  footer: z.object({
    tagline: s,
    groups: z.array(z.object({ title: s, links: z.array(siteLink) })),
    domainsTitle: s,
    extraDomainLinks: z.array(siteLink),
    social: z.array(
      z.object({ network: z.enum(["github", "linkedin", "x", "youtube"]), label: s, href: s }),
    ),
    contact: z.object({
      title: s,
      organization: s,
      address: z.array(s),
      email: s,
      note: s,
    }),
    copyright: s,
  }),
});

export type SiteTexts = z.infer<typeof siteSchema>;
export type SiteImage = z.infer<typeof image>;
export type SiteLink = z.infer<typeof siteLink>;
export type TextSection = z.infer<typeof textSection>;
export type SocialLink = SiteTexts["footer"]["social"][number];
export type HeroSlide = SiteTexts["hero"]["slides"][number];
export type AudienceSlide = SiteTexts["participate"]["slides"][number];
export type Supporter = SiteTexts["sponsors"]["academic_partners"][number];
