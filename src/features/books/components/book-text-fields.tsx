import { TextArea } from "@/components/ui/text-area";
import { TextField } from "@/components/ui/text-field";
import { BOOK_LIMITS } from "../book-limits";

/** The text a book form edits; the cover is handled beside it. */
export type BookText = { title: string; description: string; contact: string };

type BookTextFieldsProps = {
  value: BookText;
  onChange: (value: BookText) => void;
  /** While a save runs: the text cannot change, and the focus stays (see TextField). */
  readOnly: boolean;
  /** The modal is short; the edit page has room for a taller description. */
  descriptionRows: number;
  autoFocus?: boolean;
};

/** Title*, Description and Contact Info with the server's length limits and their counters (seed §2). */
export function BookTextFields({ value, onChange, readOnly, descriptionRows, autoFocus }: BookTextFieldsProps) {
  return (
    <>
      <TextField
        label="Title"
        required
        value={value.title}
        onChange={(title) => onChange({ ...value, title })}
        maxLength={BOOK_LIMITS.title}
        counter
        limitName="Titles"
        readOnly={readOnly}
        autoFocus={autoFocus}
      />
      <TextArea
        label="Description"
        rows={descriptionRows}
        value={value.description}
        onChange={(description) => onChange({ ...value, description })}
        maxLength={BOOK_LIMITS.description}
        limitName="Descriptions"
        readOnly={readOnly}
      />
      <TextField
        label="Contact Info"
        value={value.contact}
        onChange={(contact) => onChange({ ...value, contact })}
        maxLength={BOOK_LIMITS.contact}
        counter
        placeholder="How readers can reach you"
        readOnly={readOnly}
      />
    </>
  );
}
