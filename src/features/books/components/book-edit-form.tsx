import { useMutation } from "convex/react";
import { useRef, useState, type FormEvent } from "react";
import { ImagePicker } from "@/components/ui/image-picker";
import { TextField } from "@/components/ui/text-field";
import { uploadImage } from "@/lib/upload";
import { api } from "../../../../convex/_generated/api";
import { BOOK_LIMITS, TITLE_AND_IMAGE_REQUIRED } from "../book-limits";
import type { BookDetails } from "../book-types";
import { errorText } from "@/lib/error-text";

type BookEditFormProps = {
  book: BookDetails;
  onSaved: () => void;
  onCancel: () => void;
};

/**
 * The edit page's form (seed §2 "Book edit"): Title, Description, Contact Info and the cover as
 * an https Image URL or a new upload (PRODUCT D3). An uploaded cover is kept when both are left empty.
 */
export function BookEditForm({ book, onSaved, onCancel }: BookEditFormProps) {
  const [title, setTitle] = useState(book.title);
  const [description, setDescription] = useState(book.description);
  const [contact, setContact] = useState(book.contact);
  const [imageUrl, setImageUrl] = useState(book.remoteImageUrl ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submitting = useRef(false);

  const generateUploadUrl = useMutation(api.files.generateUploadUrl);
  const updateBook = useMutation(api.books.update);
  const hasUploadedCover = book.remoteImageUrl === null && book.imageUrl !== null;
  const url = imageUrl.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    if (title.trim().length === 0 || (file === null && url.length === 0 && !hasUploadedCover)) {
      setError(TITLE_AND_IMAGE_REQUIRED);
      return;
    }
    submitting.current = true;
    setSaving(true);
    setError(null);
    try {
      const image = file
        ? { storageId: await uploadImage(file, () => generateUploadUrl()) }
        : url.length > 0 && url !== book.remoteImageUrl
          ? { url }
          : undefined;
      await updateBook({ bookId: book._id, title, description, contact, image });
      onSaved();
    } catch (caught) {
      setError(errorText(caught, "Failed to update book. Please try again."));
    } finally {
      submitting.current = false;
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <TextField
        label="Title"
        required
        value={title}
        onChange={setTitle}
        maxLength={BOOK_LIMITS.title}
        disabled={saving}
      />
      <TextField
        label="Description"
        rows={6}
        value={description}
        onChange={setDescription}
        maxLength={BOOK_LIMITS.description}
        disabled={saving}
      />
      <TextField
        label="Contact Info"
        value={contact}
        onChange={setContact}
        maxLength={BOOK_LIMITS.contact}
        disabled={saving}
      />
      <fieldset className="min-w-0 space-y-3 rounded-xl border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold text-stone-800">Cover</legend>
        <TextField
          label="Image URL"
          type="url"
          required={!hasUploadedCover}
          value={imageUrl}
          onChange={setImageUrl}
          maxLength={BOOK_LIMITS.url}
          placeholder={hasUploadedCover ? "Empty keeps the uploaded cover" : "https://…"}
          disabled={saving || file !== null}
        />
        <ImagePicker
          label="Or upload a new cover"
          file={file}
          onChange={setFile}
          currentUrl={url.startsWith("https://") ? url : book.imageUrl}
          disabled={saving}
        />
      </fieldset>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          disabled={saving}
          className="inline-flex min-h-10 items-center justify-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-700 shadow-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-50"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={saving}
          className="inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {saving ? "Saving..." : "Save Changes"}
        </button>
      </div>
    </form>
  );
}
