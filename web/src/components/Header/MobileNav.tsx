import { Button, Divider, NavLink, Stack } from "@mantine/core";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { useAuth } from "../../auth/AuthContext";
import { LogoutIcon } from "../icons";
import { ColorSchemeControl } from "./ColorSchemeChoice";
import {
  LINKS_AFTER_DOMAINS,
  LINKS_BEFORE_DOMAINS,
  type NavItem,
  useDomainLinks,
} from "./navLinks";

function isActive(pathname: string, to: string): boolean {
  return to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
}

interface MobileNavProps {
  onLogout: (options?: { everywhere?: boolean }) => void;
}

/** The header's items as a vertical list, for the mobile drawer. */
export function MobileNav({ onLogout }: MobileNavProps) {
  const { pathname } = useLocation();
  const { status, user } = useAuth();
  const domainLinks = useDomainLinks();
  const [domainsOpen, setDomainsOpen] = useState(pathname.startsWith("/domains"));

  const renderLink = (item: NavItem) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={item.label}
      active={isActive(pathname, item.to)}
    />
  );

  return (
    <Stack gap="xs">
      <nav aria-label="Main">
        {LINKS_BEFORE_DOMAINS.map(renderLink)}
        {/* A real button with its state, so keyboards and screen readers can open the group.
            Its links exist only while it is open: kept mounted, they would be rendered hidden in
            an Activity, whose effects do not run, and a react-router Link whose effects have not
            run drops its click (its navigate() only warns). */}
        <NavLink
          component="button"
          type="button"
          label="Domains"
          opened={domainsOpen}
          onChange={setDomainsOpen}
          aria-expanded={domainsOpen}
          keepMounted={false}
        >
          {domainLinks.links.map(renderLink)}
        </NavLink>
        {LINKS_AFTER_DOMAINS.map(renderLink)}
      </nav>

      <Divider />

      {status === "unauthenticated" && (
        <Stack gap="xs">
          <Button component={Link} to="/login" variant="default" fullWidth>
            Log In
          </Button>
          <Button component={Link} to="/register" fullWidth>
            Register
          </Button>
        </Stack>
      )}

      {status === "authenticated" && (
        <Stack gap="xs">
          <Button component={Link} to="/dashboard" fullWidth>
            Dashboard
          </Button>
          {user?.admin_access === true && (
            <Button component={Link} to="/admin" variant="default" fullWidth>
              Console
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<LogoutIcon size={16} />}
            onClick={() => onLogout()}
            fullWidth
          >
            Logout
          </Button>
          <Button
            variant="subtle"
            color="gray"
            leftSection={<LogoutIcon size={16} />}
            onClick={() => onLogout({ everywhere: true })}
            fullWidth
          >
            Sign out everywhere
          </Button>
        </Stack>
      )}

      <Divider />
      <ColorSchemeControl />
    </Stack>
  );
}
