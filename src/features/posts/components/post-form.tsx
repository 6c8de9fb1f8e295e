import { useRef, useState, type FormEvent } from "react";
import { FormActions } from "@/components/ui/form-actions";
import { ImagePicker } from "@/components/ui/image-picker";
import { SelectField } from "@/components/ui/select-field";
import { ShortcutHint } from "@/components/ui/shortcut-hint";
import { TextArea } from "@/components/ui/text-area";
import { TextField } from "@/components/ui/text-field";
import { UnsavedChangesDialog } from "@/components/ui/unsaved-changes-dialog";
import { useUnsavedChanges } from "@/hooks/use-unsaved-changes";
import { dismissFailure, showFailure } from "@/lib/toasts";
import { CATEGORIES, categoryLabel, POST_LIMITS, type PostCategory } from "../post-categories";

export type PostFormValues = { title: string; description: string; category: PostCategory; image: File | null };

type PostFormProps = {
  /** Add asks for an image (required); edit changes text and category only (seed §2). */
  mode: "add" | "edit";
  initial?: { title: string; description: string; category: PostCategory };
  /** Saves; throw to stay on the form (the caller shows what went wrong). */
  onSubmit: (values: PostFormValues) => Promise<void>;
  cancelTo: string;
};

const CATEGORY_OPTIONS = CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));

export const ADD_REQUIRED = "Title, description, and image are required";
export const EDIT_REQUIRED = "Title and description are required";

/**
 * Title, Description, category select and (on add) the image; one submit at a time. On edit,
 * leaving with unsaved changes asks first (not after Update Post or Cancel).
 */
export function PostForm({ mode, initial, onSubmit, cancelTo }: PostFormProps) {
  const [title, setTitle] = useState(initial?.title ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [category, setCategory] = useState<PostCategory>(initial?.category ?? "uncategorized");
  const [image, setImage] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  // What the fields started from: a live update of the post while editing is no edit of the person's.
  const [start] = useState({ title, description, category });
  const changed =
    mode === "edit" && (title !== start.title || description !== start.description || category !== start.category);
  const unsaved = useUnsavedChanges(changed);
  // The "… are required" toast goes away as soon as the user changes a field it is about.
  const requiredToast = useRef<ReturnType<typeof showFailure>>(undefined);
  const editing =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      dismissFailure(requiredToast.current);
      requiredToast.current = undefined;
      set(value);
    };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const missingText = title.trim().length === 0 || description.trim().length === 0;
    const missing = mode === "add" ? missingText || image === null : missingText;
    if (missing) {
      dismissFailure(requiredToast.current);
      requiredToast.current = showFailure(mode === "add" ? ADD_REQUIRED : EDIT_REQUIRED);
      return;
    }
    setPending(true);
    // The caller opens the post once it is saved; a save on its way finishes even if the page goes.
    unsaved.allowLeaving();
    try {
      await onSubmit({ title, description, category, image });
    } catch {
      // The caller showed the failure; keep everything typed, and guard it again.
      unsaved.guardAgain();
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          label="Title"
          required
          value={title}
          onChange={editing(setTitle)}
          maxLength={POST_LIMITS.title}
          counter
          limitName="Titles"
          readOnly={pending}
        />
        <TextArea
          label="Description"
          required
          rows={8}
          value={description}
          onChange={editing(setDescription)}
          maxLength={POST_LIMITS.description}
          limitName="Descriptions"
          readOnly={pending}
        />
        <SelectField
          label="Category"
          value={category}
          onChange={setCategory}
          options={CATEGORY_OPTIONS}
          disabled={pending}
        />
        {mode === "add" && (
          <ImagePicker label="Image" required file={image} onChange={editing(setImage)} disabled={pending} />
        )}
        <FormActions
          cancel={{ to: cancelTo, onClick: unsaved.allowLeaving }}
          busy={pending}
          busyLabel="Saving..."
          hint={<ShortcutHint action={mode === "add" ? "add" : "save"} />}
        >
          {mode === "add" ? "Add Post" : "Update Post"}
        </FormActions>
      </form>
      <UnsavedChangesDialog unsaved={unsaved} what="this post" />
    </>
  );
}
