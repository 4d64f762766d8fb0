import { Button, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import { SectionCard } from "../../SectionCard";
import type { Draft, EditDraft } from "./draft";
import { useIssue } from "./issues";
import { TextPreview } from "./TextPreview";
import { ZonedDateTimeField, type ZoneView } from "./ZonedDateTimeField";

/** A value of the definition: where the validation names it, as shown, and how to change it. */
export interface DraftPlace<V> {
  /** The value's path in the definition, as the validation names it. */
  path: string;
  value: V;
  /** Writes a new value into the edited definition. */
  write: (value: V) => void;
}

/**
 * The places of one object's fields, by name, so that a field's path, value and writer cannot
 * disagree: `path` names the object, `shown` is it in the draft shown, `locate` finds it in the
 * copy an edit changes.
 */
export function draftPlaces<T extends object>(
  edit: EditDraft,
  path: string,
  shown: T,
  locate: (draft: Draft) => T,
) {
  return <K extends keyof T & string>(field: K): DraftPlace<T[K]> => ({
    path: `${path}.${field}`,
    value: shown[field],
    write: (value) =>
      edit((d) => {
        locate(d)[field] = value;
      }),
  });
}

interface DraftTextProps extends DraftPlace<string> {
  label: string;
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
export function DraftText({ path, write, minRows, ...field }: DraftTextProps) {
  const error = useIssue(path);
  const onChange = (event: { currentTarget: { value: string } }) =>
    write(event.currentTarget.value);
  return minRows === undefined ? (
    <TextInput {...field} error={error} onChange={onChange} />
  ) : (
    <Textarea {...field} autosize minRows={minRows} error={error} onChange={onChange} />
  );
}

interface DraftMomentProps extends DraftPlace<string> {
  label: string;
  zone: ZoneView;
  note?: ReactNode;
}

/** A moment of the definition in the competition's zone, with the validation's problem at its path. */
export function DraftMoment({ path, write, ...field }: DraftMomentProps) {
  const error = useIssue(path);
  return <ZonedDateTimeField {...field} error={error} onChange={(value) => write(value ?? "")} />;
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
