import { Alert, Container, Group, Stack, Text } from "@mantine/core";
import { NavLink, Outlet } from "react-router";
import { AuthChecking } from "../../auth/AuthChecking";
import { useAuth } from "../../auth/AuthContext";
import classes from "./Admin.module.css";
import { CONSOLE_SECTIONS } from "./sections";

export const ADMIN_REQUIRED = "Admin access required.";

/**
 * The organizers' console around its pages (`/admin/...`, behind the sign-in route). Others are
 * told why in place, and no page of the console is rendered for them, so none of its reads is
 * sent; the server refuses them anyway (403).
 */
export default function AdminShell() {
  const { status, user } = useAuth();
  if (status === "loading") return <AuthChecking minHeight="50vh" />;

  if (user?.admin_access !== true) {
    return (
      <Container size="sm" py="xl">
        <Alert color="orange" variant="light" title="Restricted" role="alert">
          <Text size="sm">{ADMIN_REQUIRED}</Text>
        </Alert>
      </Container>
    );
  }

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <nav aria-label="Console">
          <Group gap={4} className={classes.sections}>
            {CONSOLE_SECTIONS.map((section) => (
              <NavLink
                key={section.to}
                to={section.to}
                end={section.to === "/admin"}
                className={classes.section}
              >
                {section.label}
              </NavLink>
            ))}
          </Group>
        </nav>
        <Outlet />
      </Stack>
    </Container>
  );
}
