import {
  NativeSelect,
  type NativeSelectProps,
  SimpleGrid,
  type SimpleGridProps,
  TextInput,
} from "@mantine/core";
import type { ReactNode } from "react";
import { fromLocalInput, toLocalInput } from "./time";

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

/** A filter picked from a list; `""` is the "any" choice. */
export function ChoiceFilter<T extends string>({
  label,
  description,
  data,
  value,
  onChange,
}: {
  label: string;
  description?: string;
  data: NativeSelectProps["data"];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <NativeSelect
      label={label}
      description={description}
      data={data}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as T)}
    />
  );
}

/** A time bound, typed in the reader's zone and kept as an ISO time ("" when empty). */
export function MomentFilter({
  label,
  description,
  value,
  onChange,
}: {
  label: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      type="datetime-local"
      label={label}
      description={description}
      value={toLocalInput(value)}
      onChange={(event) => onChange(fromLocalInput(event.currentTarget.value))}
    />
  );
}

/** A filter typed as text; a search box when `search`. */
export function TextFilter({
  label,
  placeholder,
  search,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  search?: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      type={search ? "search" : undefined}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
