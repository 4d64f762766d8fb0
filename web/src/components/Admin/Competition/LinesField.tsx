import { Textarea } from "@mantine/core";
import { useState } from "react";

interface LinesFieldProps {
  label: string;
  description: string;
  /** How the text splits: paragraphs at blank lines, bullets at every line. */
  split: "paragraphs" | "lines";
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
}

const join = (value: readonly string[], split: LinesFieldProps["split"]) =>
  value.join(split === "paragraphs" ? "\n\n" : "\n");

/**
 * A list of texts edited as one text box. The box keeps what is typed (a new empty line is
 * not yet an item), and follows the list only when it changes from outside (a reload).
 */
export function LinesField({ label, description, split, value, onChange, error }: LinesFieldProps) {
  const [box, setBox] = useState(() => ({ value, text: join(value, split) }));
  if (JSON.stringify(box.value) !== JSON.stringify(value)) {
    setBox({ value, text: join(value, split) });
  }

  return (
    <Textarea
      label={label}
      description={description}
      autosize
      minRows={2}
      value={box.text}
      error={error}
      onChange={(event) => {
        const text = event.currentTarget.value;
        const items = text
          .split(split === "paragraphs" ? /\n\s*\n/ : /\n/)
          .map((item) => item.trim())
          .filter((item) => item.length > 0);
        setBox({ value: items, text });
        onChange(items);
      }}
    />
  );
}
