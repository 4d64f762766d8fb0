import { Container } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import type { SocialLink } from "@tandem/competition";
import { useLayoutEffect } from "react";
import { createPortal } from "react-dom";
import { Link } from "react-router";
import { useCompetition } from "../../competition/CompetitionContext";
import classes from "./Footer.module.css";
import { SocialIcon } from "./SocialIcon";

function SocialLinks({ links }: { links: readonly SocialLink[] }) {
  return (
    <ul className={classes.social} aria-label="Social media">
      {links.map((link) => (
        <li key={link.network}>
          <a
            href={link.href}
            className={classes.socialLink}
            aria-label={link.label}
            target="_blank"
            rel="noopener noreferrer"
          >
            <SocialIcon network={link.network} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The site footer: link groups, social links and the contact block. It is rendered at the end of
 * <body>, outside the layout's <main>, so it is the page's contentinfo landmark.
 */
export function Footer() {
  // Portals cannot be prerendered (the landing page is, at build time), and hydration needs the
  // browser's first render to match: mount it right after. It sits below everything else, so
  // nothing above it moves.
  const mounted = useMounted();
  // The prerendered landing page carries a static copy of it (src/entry-server.tsx), in the
  // same place: this one replaces it in the same frame.
  useLayoutEffect(() => {
    if (mounted) document.getElementById(PRERENDERED_FOOTER_ID)?.remove();
  }, [mounted]);
  return mounted ? createPortal(<FooterContent />, document.body) : null;
}

/** The static copy of the footer in the prerendered landing page. */
export const PRERENDERED_FOOTER_ID = "prerendered-footer";

export function FooterContent() {
  const { competition } = useCompetition();
  const footer = competition.site.footer;
  const domainGroup = {
    title: footer.domainsTitle,
    links: [
      ...competition.domains.map((domain) => ({ label: domain.name, href: domain.route })),
      ...footer.extraDomainLinks,
    ],
  };
  const groups = [footer.groups[0], domainGroup, ...footer.groups.slice(1)].filter(
    (group) => group !== undefined,
  );
  const { contact } = footer;

  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.grid}>
        <div className={classes.brandColumn}>
          <Link to="/" className={classes.brand}>
            Tandem
          </Link>
          <p className={classes.tagline}>{footer.tagline}</p>
          <SocialLinks links={footer.social} />
        </div>

        {groups.map((group) => (
          <nav key={group.title} aria-label={`Footer: ${group.title}`} className={classes.group}>
            <h2 className={classes.groupTitle}>{group.title}</h2>
            <ul className={classes.links}>
              {group.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className={classes.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <address className={classes.contact}>
          <h2 id="footer-contact-title" className={classes.groupTitle}>
            {contact.title}
          </h2>
          <p className={classes.contactLine}>{contact.organization}</p>
          {contact.address.map((line) => (
            <p key={line} className={classes.contactLine}>
              {line}
            </p>
          ))}
          <a href={`mailto:${contact.email}`} className={classes.link}>
            {contact.email}
          </a>
          <p className={classes.contactNote}>{contact.note}</p>
        </address>
      </Container>
      <Container size="lg" className={classes.bottom}>
        <p>
          © {new Date().getFullYear()} {footer.copyright}
        </p>
      </Container>
    </footer>
  );
}
