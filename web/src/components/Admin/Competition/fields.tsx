import { Button, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import { SectionCard } from "../../SectionCard";
import type { Draft, EditDraft } from "./draft";
import { useIssue } from "./issues";
import { TextPreview } from "./TextPreview";

interface DraftTextProps {
  /** The field's path in the definition, as the validation names it. */
  path: string;
  label: string;
  value: string;
  edit: EditDraft;
  /** Writes the typed text into the edited definition. */
  set: (draft: Draft, value: string) => void;
  description?: string;
  /** A text box growing from this many rows; without it, one line. */
  minRows?: number;
  type?: "url";
  style?: CSSProperties;
}

/** A number input's value: a number, or `undefined` while the field is empty (Mantine gives ""). */
export const numberOrUndefined = (value: number | string) =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** A text of the definition, with the validation's problem at its path. */
export function DraftText({ path, edit, set, minRows, ...field }: DraftTextProps) {
  const error = useIssue(path);
  const onChange = (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    edit((d) => set(d, value));
  };
  return minRows === undefined ? (
    <TextInput {...field} error={error} onChange={onChange} />
  ) : (
    <Textarea {...field} autosize minRows={minRows} error={error} onChange={onChange} />
  );
}

/** Adds an item to a list of the definition. */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="light" size="xs" style={{ alignSelf: "flex-start" }} onClick={onClick}>
      {children}
    </Button>
  );
}

/** Removes an item from a list of the definition. */
export function RemoveButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button
      variant="subtle"
      color="red"
      size="xs"
      style={{ alignSelf: "flex-start" }}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

interface TextsCardProps {
  id: string;
  title: string;
  preview: { title: string; markdown: string | null };
  children: ReactNode;
}

/** Texts of one page part: their fields beside the preview of the part. */
export function TextsCard({ id, title, preview, children }: TextsCardProps) {
  return (
    <SectionCard id={id} title={title} nested>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="sm">{children}</Stack>
        <TextPreview title={preview.title} markdown={preview.markdown} />
      </SimpleGrid>
    </SectionCard>
  );
}
