import { NumberInput, Stack, TextInput } from "@mantine/core";
import { gradYearWindow } from "@tandem/contracts";
import { requiredField } from "../requiredField";
import { BooleanRadios } from "./BooleanRadios";
import { dropErrors, type RegistrationFormApi } from "./types";

export function ProfileStep({ form }: { form: RegistrationFormApi }) {
  const isStudent = form.useWatchValue("isStudent");
  const { min, max } = gradYearWindow();

  // docs/product.md#registration: a new answer empties the position (its meaning changed with
  // its label), and leaving "student" drops the graduation year. The emptied fields start
  // without an error.
  const changeStudent = (next: boolean) => {
    if (next === form.getValues().isStudent) return;
    form.setFieldValue("isStudent", next);
    form.setFieldValue("position", "");
    if (!next) form.setFieldValue("gradYear", "");
    dropErrors(form, ["position", "gradYear"]);
  };

  return (
    <Stack gap="md">
      <BooleanRadios label="Are you a student?" value={isStudent} onChange={changeStudent} inline />

      {isStudent && (
        <NumberInput
          label="Expected Graduation Year"
          placeholder="YYYY"
          description={`${min} to ${max}`}
          min={min}
          max={max}
          startValue={min}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          key={form.key("gradYear")}
          {...requiredField(form, "gradYear")}
        />
      )}

      <TextInput
        label={isStudent ? "Field of Study" : "Position"}
        placeholder={isStudent ? "e.g. Computer Science" : "e.g. Data Scientist"}
        key={form.key("position")}
        {...requiredField(form, "position")}
      />

      <TextInput
        label="Area of Interest"
        placeholder="e.g. Healthcare analytics"
        key={form.key("area")}
        {...requiredField(form, "area")}
      />
    </Stack>
  );
}
