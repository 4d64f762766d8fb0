import { Text } from "@mantine/core";
import { type DragEvent, useId, useRef, useState } from "react";
import classes from "./Submit.module.css";

interface FileDropAreaProps {
  onFile: (file: File) => void;
  disabled?: boolean;
  /** Id of a text saying why the input is disabled. */
  describedBy?: string | undefined;
}

/**
 * The native file input with its visible label, inside an area that also takes a dropped file.
 * The input itself is the keyboard's way in, so the area needs no role or key handling.
 */
export function FileDropArea({ onFile, disabled = false, describedBy }: FileDropAreaProps) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const file = event.dataTransfer.files[0];
    if (!file) return;
    // The input then names the dropped file too; a browser that refuses the assignment keeps
    // its old name, which the chosen-file line below corrects.
    try {
      if (input.current) input.current.files = event.dataTransfer.files;
    } catch {}
    onFile(file);
  };

  return (
    <fieldset
      className={classes.dropArea}
      data-active={over || undefined}
      disabled={disabled}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <label htmlFor={inputId} className={classes.dropLabel}>
        Predictions file (CSV)
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={describedBy ? `${describedBy} ${hintId}` : hintId}
        className={classes.fileInput}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) onFile(file);
        }}
      />
      <Text id={hintId} size="xs" c="dimmed">
        Choose a file, or drop it on this area.
      </Text>
    </fieldset>
  );
}
