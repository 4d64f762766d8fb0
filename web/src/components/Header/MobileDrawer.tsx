import { Drawer } from "@mantine/core";
import { MobileNav } from "./MobileNav";

export interface MobileDrawerProps {
  opened: boolean;
  onClose: () => void;
  onLogout: (options?: { everywhere?: boolean }) => void;
}

/** The mobile menu; its own chunk, fetched on the first tap of the menu button. */
export default function MobileDrawer({ opened, onClose, onLogout }: MobileDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Tandem"
      size="xs"
      position="right"
      hiddenFrom="md"
      closeButtonProps={{ "aria-label": "Close menu" }}
    >
      <MobileNav onLogout={onLogout} />
    </Drawer>
  );
}
