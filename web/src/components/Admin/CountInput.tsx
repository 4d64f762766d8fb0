import { NumberInput, type NumberInputProps } from "@mantine/core";
import classes from "./Admin.module.css";

/** A count (whole, never negative) in a field as wide as its number, not the card. */
export function CountInput(props: Omit<NumberInputProps, "allowDecimal" | "allowNegative">) {
  return (
    <NumberInput
      classNames={{ wrapper: classes.numberField }}
      allowDecimal={false}
      allowNegative={false}
      {...props}
    />
  );
}
