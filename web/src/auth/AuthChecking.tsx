import { Center, Loader, Stack, Text } from "@mantine/core";

/** Shown while the stored session is being verified, before anything depends on who is signed in. */
export function AuthChecking({ minHeight }: { minHeight: string }) {
  return (
    <Center mih={minHeight}>
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text role="status">Verifying authentication...</Text>
      </Stack>
    </Center>
  );
}
