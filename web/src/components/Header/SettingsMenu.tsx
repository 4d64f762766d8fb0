import { ActionIcon, Menu } from "@mantine/core";
import { useAuth } from "../../auth/AuthContext";
import { LogoutIcon, SettingsIcon } from "../icons";
import { ColorSchemeMenuItems } from "./ColorSchemeChoice";

export interface SettingsMenuProps {
  opened: boolean;
  onChange: (opened: boolean) => void;
  onLogout: (options?: { everywhere?: boolean }) => void;
}

/**
 * The header's settings menu: the colour scheme for everyone, the account's items once signed
 * in. Its own chunk, fetched when first needed, so the landing page never downloads the popover.
 */
export default function SettingsMenu({ opened, onChange, onLogout }: SettingsMenuProps) {
  const { user } = useAuth();
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Settings">
          <SettingsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <ColorSchemeMenuItems />
        {user && (
          <>
            <Menu.Divider />
            <Menu.Label>{user.username}</Menu.Label>
            <Menu.Item leftSection={<LogoutIcon size={16} />} onClick={() => onLogout()}>
              Logout
            </Menu.Item>
            <Menu.Item
              leftSection={<LogoutIcon size={16} />}
              onClick={() => onLogout({ everywhere: true })}
            >
              Sign out everywhere
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
