import { useMutation } from "convex/react";
import { useRef, useState, type FormEvent } from "react";
import { ImagePicker } from "@/components/ui/image-picker";
import { FormActions, FormError } from "@/components/ui/form-actions";
import { ShortcutHint } from "@/components/ui/shortcut-hint";
import { TextField } from "@/components/ui/text-field";
import { UnsavedChangesDialog } from "@/components/ui/unsaved-changes-dialog";
import { useImageUpload } from "@/hooks/use-image-upload";
import { useUnsavedChanges } from "@/hooks/use-unsaved-changes";
import { api } from "@convex/_generated/api";
import { BOOK_LIMITS, TITLE_AND_IMAGE_REQUIRED } from "../book-limits";
import type { BookDetails } from "../book-types";
import { errorText } from "@/lib/error-text";
import { BookTextFields, type BookText } from "./book-text-fields";

type BookEditFormProps = {
  book: BookDetails;
  onSaved: () => void;
  onCancel: () => void;
};

/**
 * The edit page's form (seed §2 "Book edit"): Title, Description, Contact Info and the cover as
 * an https Image URL or a new upload (PRODUCT D3). An uploaded cover is kept when both are left empty.
 * Leaving with unsaved changes asks first (not after saving or Cancel).
 */
export function BookEditForm({ book, onSaved, onCancel }: BookEditFormProps) {
  const [text, setText] = useState<BookText>({
    title: book.title,
    description: book.description,
    contact: book.contact,
  });
  const [imageUrl, setImageUrl] = useState(book.remoteImageUrl ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submitting = useRef(false);
  // What the fields started from: a live update of the book while editing is no edit of the person's.
  const [start] = useState({ text, imageUrl });
  const changed =
    text.title !== start.text.title ||
    text.description !== start.text.description ||
    text.contact !== start.text.contact ||
    imageUrl !== start.imageUrl ||
    file !== null;
  const unsaved = useUnsavedChanges(changed);
  // A message about the fields is stale once the user changes one of them.
  const changing =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setError(null);
      set(value);
    };

  const uploadImage = useImageUpload();
  const updateBook = useMutation(api.books.update);
  const hasUploadedCover = book.remoteImageUrl === null && book.imageUrl !== null;
  const url = imageUrl.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    if (text.title.trim().length === 0 || (file === null && url.length === 0 && !hasUploadedCover)) {
      setError(TITLE_AND_IMAGE_REQUIRED);
      return;
    }
    submitting.current = true;
    setSaving(true);
    setError(null);
    try {
      const image = file
        ? { storageId: await uploadImage(file) }
        : url.length > 0 && url !== book.remoteImageUrl
          ? { url }
          : undefined;
      await updateBook({ bookId: book._id, ...text, image });
      unsaved.allowLeaving();
      onSaved();
    } catch (caught) {
      setError(errorText(caught, "Failed to update book. Please try again."));
    } finally {
      submitting.current = false;
      setSaving(false);
    }
  }

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-5">
        <BookTextFields value={text} onChange={changing(setText)} readOnly={saving} descriptionRows={6} />
        <fieldset className="min-w-0 space-y-3 rounded-xl border border-line p-4">
          <legend className="px-1 text-sm font-semibold text-fg">Cover</legend>
          <TextField
            label="Image URL"
            type="url"
            required={!hasUploadedCover}
            value={imageUrl}
            onChange={changing(setImageUrl)}
            maxLength={BOOK_LIMITS.url}
            counter
            placeholder={hasUploadedCover ? "Empty keeps the uploaded cover" : "https://…"}
            readOnly={saving || file !== null}
          />
          <ImagePicker
            label="Or upload a new cover"
            file={file}
            onChange={changing(setFile)}
            currentUrl={url.startsWith("https://") ? url : book.imageUrl}
            disabled={saving}
          />
        </fieldset>
        <FormError message={error} />
        <FormActions
          cancel={{
            onClick: () => {
              unsaved.allowLeaving();
              onCancel();
            },
          }}
          busy={saving}
          busyLabel="Saving..."
          hint={<ShortcutHint action="save" />}
        >
          Save Changes
        </FormActions>
      </form>
      <UnsavedChangesDialog unsaved={unsaved} what="this book" />
    </>
  );
}
