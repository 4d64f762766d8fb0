import type { UseFormReturnType } from "@mantine/form";
import { useEffect } from "react";

/**
 * Takes into `form` what the visitor typed or ticked in its fields before the app adopted the
 * prerendered page (docs/adr/0026). Hydrating keeps what the fields hold (their values are
 * uncontrolled), but the form only hears of changes made after it: without this, a form
 * submitted afterwards would send the empty values it started from. On a page rendered in the
 * browser the fields hold the form's own values and nothing changes.
 *
 * Only the form's top-level fields, read through `data-path` (`getInputNode`): the forms that
 * are prerendered have no nested ones.
 */
export function useInputBeforeAdoption<Values>(form: UseFormReturnType<Values>): void {
  // Once, after the first commit, which for an adopted page is the end of hydration: anything
  // typed later reaches the form through the fields' own change handlers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is new on each render; this reads it once, on mount.
  useEffect(() => {
    const values = form.getValues() as Record<string, unknown>;
    for (const path of Object.keys(values)) {
      const node = form.getInputNode(path);
      if (!(node instanceof HTMLInputElement)) continue;
      const current = node.type === "checkbox" ? node.checked : node.value;
      if (typeof current !== typeof values[path] || current === values[path]) continue;
      // As the field's onChange does: no remount (which would lose the caret), validation if the
      // form validates on change.
      form.setFieldValue(path, current as never, { forceUpdate: false });
    }
  }, []);
}
