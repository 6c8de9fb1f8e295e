import { SelectField as UiSelectField } from "@/components/ui/select-field";

type SelectFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
};

/** A labelled select whose first option, "Not set", leaves the field empty. */
export function SelectField({ options, ...field }: SelectFieldProps) {
  return <UiSelectField {...field} options={[{ value: "", label: "Not set" }, ...options]} />;
}
