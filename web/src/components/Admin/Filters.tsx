import {
  NativeSelect,
  type NativeSelectProps,
  SimpleGrid,
  type SimpleGridProps,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type ReactNode, useState } from "react";
import { fromLocalInput, toLocalInput } from "./time";

/** The pause after typing before a list is asked for again. */
export const TYPING_PAUSE_MS = 300;

/** A list's search box: what it shows, and the query the list follows once typing pauses. */
export function useSearchBox() {
  const [text, setText] = useState("");
  const [query] = useDebouncedValue(text, TYPING_PAUSE_MS);
  return { query, box: { value: text, onChange: setText } };
}

/**
 * The `value` and `onChange` of one filter of a list's filter set, by name: a change hands
 * `onChange` the whole set with that filter changed.
 */
export function filterFields<F>(filters: F, onChange: (filters: F) => void) {
  return <K extends keyof F>(name: K) => ({
    value: filters[name],
    onChange: (value: F[K]) => onChange({ ...filters, [name]: value }),
  });
}

/** A list's filters, as one named group of fields in a grid. */
export function FilterGroup({
  label,
  cols,
  children,
}: {
  label: string;
  cols: SimpleGridProps["cols"];
  children: ReactNode;
}) {
  return (
    <SimpleGrid cols={cols} spacing="sm" role="group" aria-label={label}>
      {children}
    </SimpleGrid>
  );
}

/** What every filter takes: its label, and its value with the way to change it. */
interface FilterProps<T> {
  label: string;
  value: T;
  onChange: (value: T) => void;
}

/** A filter picked from a list; `""` is the "any" choice. */
export function ChoiceFilter<T extends string>({
  onChange,
  ...select
}: FilterProps<T> & { description?: string; data: NativeSelectProps["data"] }) {
  return (
    <NativeSelect {...select} onChange={(event) => onChange(event.currentTarget.value as T)} />
  );
}

/** A time bound, typed in the reader's zone and kept as an ISO time ("" when empty). */
export function MomentFilter({
  value,
  onChange,
  ...input
}: FilterProps<string> & { description: string }) {
  return (
    <TextInput
      {...input}
      type="datetime-local"
      value={toLocalInput(value)}
      onChange={(event) => onChange(fromLocalInput(event.currentTarget.value))}
    />
  );
}

/** A filter typed as text; a search box when `search`. */
export function TextFilter({
  search,
  onChange,
  ...input
}: FilterProps<string> & { placeholder: string; search?: boolean }) {
  return (
    <TextInput
      {...input}
      type={search ? "search" : undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
