import { useMutation } from "convex/react";
import { useRef, useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormActions, FormError } from "@/components/ui/form-actions";
import { ImagePicker } from "@/components/ui/image-picker";
import { ShortcutHint } from "@/components/ui/shortcut-hint";
import { TextArea } from "@/components/ui/text-area";
import { TextField } from "@/components/ui/text-field";
import { errorText } from "@/lib/error-text";
import { useImageUpload } from "@/hooks/use-image-upload";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CHAT_NAME_REQUIRED } from "@convex/shared/chat-texts";
import { CHAT_LIMITS } from "../chat-types";

type CreateChatDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the room exists, with its id. */
  onCreated: (roomId: Id<"chatRooms">) => void;
};

/**
 * The '+' dialog of seed §2 Chats: a name (required, trimmed), an optional description and an
 * optional cover, resized and uploaded as book covers are. It cannot be closed while saving.
 */
export function CreateChatDialog({ open, onOpenChange, onCreated }: CreateChatDialogProps) {
  const [processing, setProcessing] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Create a chat" preventClose={processing}>
      <CreateChatForm
        processing={processing}
        setProcessing={setProcessing}
        onCancel={() => onOpenChange(false)}
        onCreated={onCreated}
      />
    </Dialog>
  );
}

type CreateChatFormProps = {
  processing: boolean;
  setProcessing: (processing: boolean) => void;
  onCancel: () => void;
  onCreated: (roomId: Id<"chatRooms">) => void;
};

function CreateChatForm({ processing, setProcessing, onCancel, onCreated }: CreateChatFormProps) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [cover, setCover] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A second submit can arrive before the re-render that disables the button.
  const submitting = useRef(false);
  const uploadImage = useImageUpload();
  const createChat = useMutation(api.chats.create);

  // A message about the fields is stale once the user changes one of them.
  const changing =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setError(null);
      set(value);
    };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    if (name.trim().length === 0) {
      setError(CHAT_NAME_REQUIRED);
      return;
    }
    submitting.current = true;
    setProcessing(true);
    try {
      const image = cover ? { storageId: await uploadImage(cover) } : undefined;
      // A blank description is stored as none, which readers see as 'Join the conversation!'.
      onCreated(await createChat({ name, description, image }));
    } catch (caught) {
      setError(errorText(caught, "Failed to create chat. Please try again."));
    } finally {
      submitting.current = false;
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Name"
        required
        value={name}
        onChange={changing(setName)}
        maxLength={CHAT_LIMITS.name}
        counter
        limitName="Chat names"
        readOnly={processing}
        placeholder="e.g. Sci-fi readers"
        autoFocus
      />
      <TextArea
        label="Description"
        value={description}
        onChange={changing(setDescription)}
        rows={3}
        maxLength={CHAT_LIMITS.description}
        limitName="Descriptions"
        readOnly={processing}
        placeholder="Join the conversation!"
      />
      <ImagePicker label="Cover image (optional)" file={cover} onChange={changing(setCover)} disabled={processing} />
      <FormError message={error} />
      <FormActions
        cancel={{ onClick: onCancel }}
        busy={processing}
        busyLabel="Creating..."
        hint={<ShortcutHint action="create" />}
      >
        Create chat
      </FormActions>
    </form>
  );
}
