import { TextField, type TextFieldProps } from "@/components/ui/text-field";

type AuthFieldProps = Pick<
  TextFieldProps,
  "label" | "value" | "onChange" | "inputMode" | "maxLength" | "autoFocus" | "placeholder"
> & {
  type: "email" | "password" | "text";
  /** Always given on the auth forms, so password managers fill the right field. */
  autoComplete: string;
};

/**
 * A labelled input for the auth forms: a TextField that always says what the browser may fill in.
 * The forms check values themselves (noValidate) so the seed's own messages show instead of the
 * browser's bubbles.
 */
export function AuthField(props: AuthFieldProps) {
  return <TextField {...props} />;
}
