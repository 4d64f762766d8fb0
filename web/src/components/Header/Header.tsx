import { Burger, Container, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { useAuth } from "../../auth/AuthContext";
import { AccountActions } from "./AccountActions";
import { DomainsMenu } from "./DomainsMenu";
import classes from "./Header.module.css";
import { LINKS_AFTER_DOMAINS, LINKS_BEFORE_DOMAINS, type NavItem } from "./navLinks";

const MobileDrawer = lazy(() => import("./MobileDrawer"));

function HeaderLink({ item }: { item: NavItem }) {
  return (
    <NavLink to={item.to} end={item.to === "/"} className={classes.link}>
      {item.label}
    </NavLink>
  );
}

export function Header() {
  const [drawerOpened, drawer] = useDisclosure(false);
  // The drawer's code is fetched on the first tap and then stays mounted.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const [domainsOpened, setDomainsOpened] = useState(false);
  const [settingsOpened, setSettingsOpened] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { logout } = useAuth();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger
  useEffect(() => {
    drawer.close();
    setDomainsOpened(false);
    setSettingsOpened(false);
  }, [pathname]);

  const handleLogout = (options?: { everywhere?: boolean }) => {
    drawer.close();
    setSettingsOpened(false);
    void logout(options);
    navigate("/login");
  };

  return (
    <Container size="xl" className={classes.header}>
      <div className={classes.side}>
        <Link to="/" className={classes.brand}>
          Tandem
        </Link>
      </div>

      {/* Seven links and the account buttons need about 900px, so tablets get the drawer too. */}
      <Group component="nav" aria-label="Main" gap={0} wrap="nowrap" visibleFrom="md">
        {LINKS_BEFORE_DOMAINS.map((item) => (
          <HeaderLink key={item.to} item={item} />
        ))}
        <DomainsMenu opened={domainsOpened} onChange={setDomainsOpened} />
        {LINKS_AFTER_DOMAINS.map((item) => (
          <HeaderLink key={item.to} item={item} />
        ))}
      </Group>

      <Group visibleFrom="md" wrap="nowrap" className={`${classes.side} ${classes.sideEnd}`}>
        <AccountActions
          settingsOpened={settingsOpened}
          onSettingsChange={setSettingsOpened}
          onLogout={handleLogout}
        />
      </Group>

      <Burger
        opened={drawerOpened}
        onClick={() => {
          setDrawerWanted(true);
          drawer.toggle();
        }}
        hiddenFrom="md"
        size="sm"
        aria-label="Toggle navigation"
      />

      {drawerWanted && (
        <Suspense fallback={null}>
          <MobileDrawer opened={drawerOpened} onClose={drawer.close} onLogout={handleLogout} />
        </Suspense>
      )}
    </Container>
  );
}
