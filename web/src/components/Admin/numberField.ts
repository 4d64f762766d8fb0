import classes from "./Admin.module.css";

/** `classNames` for the console's NumberInputs: the box fits a number; label and help stay wide. */
export const NUMBER_FIELD = { wrapper: classes.numberField } as const;
