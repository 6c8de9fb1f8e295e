import { useMutation } from "convex/react";
import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { Dialog } from "@/components/ui/dialog";
import { ImagePicker } from "@/components/ui/image-picker";
import { FormActions, FormError } from "@/components/ui/form-actions";
import { ShortcutHint } from "@/components/ui/shortcut-hint";
import { paths } from "@/config/paths";
import { useImageUpload } from "@/hooks/use-image-upload";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { TITLE_AND_IMAGE_REQUIRED } from "../book-limits";
import type { BookDetails } from "../book-types";
import { errorText } from "@/lib/error-text";
import { BookTextFields, type BookText } from "./book-text-fields";

type BookFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The book being edited; without it the dialog adds a new book. */
  book?: BookDetails;
  /** Called once the book is saved, with its id. */
  onSaved: (bookId: Id<"books">) => void;
};

/**
 * The add/edit modal of seed §2. The dialog unmounts its content when closed, so every opening
 * starts from the book's current values; it cannot be closed while a save is on its way.
 */
export function BookFormDialog({ open, onOpenChange, book, onSaved }: BookFormDialogProps) {
  const [processing, setProcessing] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={book ? "Edit Book" : "Add a Book"} preventClose={processing}>
      <BookForm
        book={book}
        processing={processing}
        setProcessing={setProcessing}
        onCancel={() => onOpenChange(false)}
        onSaved={onSaved}
      />
    </Dialog>
  );
}

type BookFormProps = {
  book?: BookDetails;
  processing: boolean;
  setProcessing: (processing: boolean) => void;
  onCancel: () => void;
  onSaved: (bookId: Id<"books">) => void;
};

function BookForm({ book, processing, setProcessing, onCancel, onSaved }: BookFormProps) {
  const [text, setText] = useState<BookText>({
    title: book?.title ?? "",
    description: book?.description ?? "",
    contact: book?.contact ?? "",
  });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A message about the fields is stale once the user changes one of them.
  const changing =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setError(null);
      set(value);
    };
  // State updates are not instant; the ref stops a second submit that arrives before the re-render.
  const submitting = useRef(false);

  const uploadImage = useImageUpload();
  const createBook = useMutation(api.books.create);
  const updateBook = useMutation(api.books.update);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    const hasImage = file !== null || Boolean(book?.imageUrl);
    if (text.title.trim().length === 0 || !hasImage) {
      setError(TITLE_AND_IMAGE_REQUIRED);
      return;
    }
    submitting.current = true;
    setProcessing(true);
    setError(null);
    try {
      const image = file ? { storageId: await uploadImage(file) } : undefined;
      const bookId = book ? book._id : await createBook({ ...text, image });
      if (book) await updateBook({ bookId: book._id, ...text, image });
      onSaved(bookId);
    } catch (caught) {
      setError(
        errorText(caught, book ? "Failed to update book. Please try again." : "Failed to add book. Please try again."),
      );
    } finally {
      submitting.current = false;
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <BookTextFields value={text} onChange={changing(setText)} readOnly={processing} descriptionRows={4} autoFocus />
      <ImagePicker
        label="Cover Image"
        required
        file={file}
        onChange={changing(setFile)}
        currentUrl={book?.imageUrl}
        disabled={processing}
      />
      {book && (
        <p className="text-sm text-fg-muted">
          Want a cover from a web address, or more room?{" "}
          <Link
            to={paths.bookEdit.href(book._id)}
            className="font-medium text-accent-fg underline underline-offset-2 hover:text-accent-fg"
          >
            Open the edit page
          </Link>
        </p>
      )}
      <FormError message={error} />
      <FormActions
        cancel={{ onClick: onCancel }}
        busy={processing}
        busyLabel="Processing..."
        hint={<ShortcutHint action={book ? "save" : "add"} />}
      >
        {book ? "Update Book" : "Add Book"}
      </FormActions>
    </form>
  );
}
