import { Badge, Card, Code, DataList, Table, Text, Title } from "@mantine/core";
import { MESSAGES } from "@tandem/contracts";
import type { ReactNode } from "react";
import type { AuthStatus } from "../../auth/AuthContext";
import { decodeToken, tokenState } from "../../auth/decodeToken";
import { STORED_KEYS, type StoredItems } from "../../auth/storage";
import type { User } from "../../auth/user";

export function DebugCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** Long values (tokens) are cut for display; "Copy token" copies the whole one. */
export function shorten(value: string, keep = 24): string {
  return value.length > keep ? `${value.slice(0, keep)}…` : value;
}

function show(value: unknown): string {
  return value === undefined ? "-" : String(value);
}

export function AuthStateCard({ status, user }: { status: AuthStatus; user: User | null }) {
  return (
    <DebugCard title="Authentication state">
      <DataList>
        <Row label="Loading">{String(status === "loading")}</Row>
        <Row label="Authenticated">{String(status === "authenticated")}</Row>
        <Row label="User">{user ? `${user.username} (${user.email})` : "-"}</Row>
        <Row label="User ID">{user?.id ?? "-"}</Row>
        <Row label="Status">{user?.status ?? "-"}</Row>
        <Row label="Admin access">{user ? String(user.admin_access === true) : "-"}</Row>
      </DataList>
    </DebugCard>
  );
}

export function TokenCard({ token }: { token: string | null }) {
  if (!token) {
    return (
      <DebugCard title="Decoded token">
        <Text c="dimmed">No token stored.</Text>
      </DebugCard>
    );
  }
  const claims = decodeToken(token);
  if (!claims) {
    return (
      <DebugCard title="Decoded token">
        <Text c="red">{MESSAGES.debugParseToken}</Text>
      </DebugCard>
    );
  }
  const state = tokenState(claims);
  const exp = typeof claims.exp === "number" ? new Date(claims.exp * 1000) : null;
  return (
    <DebugCard title="Decoded token">
      <DataList>
        <Row label="userId">{show(claims.userId)}</Row>
        <Row label="status">{show(claims.status)}</Row>
        <Row label="admin_access">{show(claims.admin_access)}</Row>
        <Row label="exp">{exp ? `${show(claims.exp)} (${exp.toLocaleString()})` : "-"}</Row>
        <Row label="State">
          <Badge color={state === "valid" ? "teal" : "red"} variant="light">
            {state}
          </Badge>
        </Row>
      </DataList>
    </DebugCard>
  );
}

export function StoredItemsCard({ items }: { items: StoredItems }) {
  const cell = (value: string | null) =>
    value === null ? <Text c="dimmed">-</Text> : <Code>{shorten(value, 40)}</Code>;
  return (
    <DebugCard title="Stored items">
      {/* Focusable, so the table can be scrolled sideways from the keyboard. */}
      <Table.ScrollContainer minWidth={420} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Key</Table.Th>
              <Table.Th>localStorage</Table.Th>
              <Table.Th>sessionStorage</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {STORED_KEYS.map((key) => (
              <Table.Tr key={key}>
                <Table.Td>
                  <Code>{key}</Code>
                </Table.Td>
                <Table.Td>{cell(items[key].local)}</Table.Td>
                <Table.Td>{cell(items[key].session)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DebugCard>
  );
}

export function ApiClientCard({ token, apiKey }: { token: string | null; apiKey: string | null }) {
  return (
    <DebugCard title="API client">
      <DataList>
        <Row label="Base URL">
          <Code>/api</Code>
        </Row>
        <Row label="Authorization">
          {token ? <Code>{`Bearer ${shorten(token, 16)}`}</Code> : "not sent (no token)"}
        </Row>
        <Row label="X-API-Key">{apiKey ? "sent (team key stored)" : "not sent (no team key)"}</Row>
        <Row label="Cookies">sent (credentials: include)</Row>
        <Row label="On 401">clear session, go to /login (at most every 5 s)</Row>
      </DataList>
    </DebugCard>
  );
}
