import { useMutation } from "convex/react";
import { useRef, useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { ImagePicker } from "@/components/ui/image-picker";
import { TextField } from "@/components/ui/text-field";
import { uploadImage } from "@/lib/upload";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import { BOOK_LIMITS, TITLE_AND_IMAGE_REQUIRED } from "../book-limits";
import type { BookDetails } from "../book-types";
import { errorText } from "@/lib/error-text";

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
  const [title, setTitle] = useState(book?.title ?? "");
  const [description, setDescription] = useState(book?.description ?? "");
  const [contact, setContact] = useState(book?.contact ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  // State updates are not instant; the ref stops a second submit that arrives before the re-render.
  const submitting = useRef(false);

  const generateUploadUrl = useMutation(api.files.generateUploadUrl);
  const createBook = useMutation(api.books.create);
  const updateBook = useMutation(api.books.update);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    const hasImage = file !== null || Boolean(book?.imageUrl);
    if (title.trim().length === 0 || !hasImage) {
      setError(TITLE_AND_IMAGE_REQUIRED);
      return;
    }
    submitting.current = true;
    setProcessing(true);
    setError(null);
    try {
      const image = file ? { storageId: await uploadImage(file, () => generateUploadUrl()) } : undefined;
      const fields = { title, description, contact };
      const bookId = book ? book._id : await createBook({ ...fields, image });
      if (book) await updateBook({ bookId: book._id, ...fields, image });
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
      <TextField
        label="Title"
        required
        value={title}
        onChange={setTitle}
        maxLength={BOOK_LIMITS.title}
        disabled={processing}
        autoFocus
      />
      <TextField
        label="Description"
        rows={4}
        value={description}
        onChange={setDescription}
        maxLength={BOOK_LIMITS.description}
        disabled={processing}
      />
      <TextField
        label="Contact Info"
        value={contact}
        onChange={setContact}
        maxLength={BOOK_LIMITS.contact}
        placeholder="How readers can reach you about this book"
        disabled={processing}
      />
      <ImagePicker
        label="Cover Image"
        required
        file={file}
        onChange={setFile}
        currentUrl={book?.imageUrl}
        disabled={processing}
      />
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          disabled={processing}
          className="inline-flex min-h-10 items-center justify-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-700 shadow-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-50"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={processing}
          className="inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {processing ? "Processing..." : book ? "Update Book" : "Add Book"}
        </button>
      </div>
    </form>
  );
}
