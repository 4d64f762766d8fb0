import { type ChangeEvent, useState } from "react";

/**
 * A text field's value and its error (a missing value, the server's word on it), which goes as
 * soon as the field is edited; `input` is what a Mantine text input takes of them.
 */
export function useTextField() {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onChange = (event: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    setValue(event.currentTarget.value);
    setError(null);
  };
  return { value, setValue, setError, input: { value, error, onChange } };
}
