import { useEffect, useId, useRef } from "react";
import { Link, useLocation } from "react-router";
import { ChevronDownIcon } from "../icons";
import classes from "./Header.module.css";
import { useDomainLinks } from "./navLinks";

interface DomainsMenuProps {
  opened: boolean;
  onChange: (opened: boolean) => void;
}

const CLOSE_DELAY_MS = 150;

/**
 * "Domains" navigates like any link; hovering it, or pressing the arrow, lists the domains.
 * A disclosure of links (the WAI-ARIA pattern for site navigation), positioned with plain CSS so
 * the first page load carries no popover library.
 */
export function DomainsMenu({ opened, onChange }: DomainsMenuProps) {
  const { pathname } = useLocation();
  const domainLinks = useDomainLinks();
  const active = pathname.startsWith("/domains");
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  // Reaching the arrow with a mouse passes over the menu, which opens it; the click that
  // follows must keep it open, not toggle it shut again.
  const openedByHover = useRef(false);
  const listId = useId();

  useEffect(() => {
    if (!opened) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onChange(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [opened, onChange]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  // Closed by any means: a close the mouse scheduled on its way out must not shut the list
  // again once the arrow or the keyboard has reopened it.
  useEffect(() => {
    if (opened) return;
    openedByHover.current = false;
    window.clearTimeout(closeTimer.current);
  }, [opened]);

  const cancelClose = () => window.clearTimeout(closeTimer.current);

  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => onChange(false), CLOSE_DELAY_MS);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only previews what the button opens
    <div
      ref={rootRef}
      className={classes.domains}
      onPointerEnter={(event) => {
        if (event.pointerType !== "mouse") return;
        cancelClose();
        if (!opened) openedByHover.current = true;
        onChange(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === "mouse") scheduleClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && opened) {
          onChange(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (opened && !event.currentTarget.contains(event.relatedTarget as Node | null)) {
          onChange(false);
        }
      }}
    >
      <Link to={domainLinks.landing} className={classes.link} data-active={active || undefined}>
        Domains
      </Link>
      <button
        ref={buttonRef}
        type="button"
        className={classes.domainsToggle}
        aria-label="Show domains"
        aria-expanded={opened}
        aria-controls={listId}
        onClick={() => {
          const hovered = openedByHover.current;
          openedByHover.current = false;
          onChange(hovered ? true : !opened);
        }}
      >
        <ChevronDownIcon size={14} />
      </button>
      <ul id={listId} className={classes.domainsDropdown} hidden={!opened}>
        {domainLinks.links.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={classes.domainsItem}
              aria-current={pathname === item.to ? "page" : undefined}
              onClick={() => onChange(false)}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
