import { useRef, useState } from "react";
import type { Id } from "@convex/_generated/dataModel";
import type { UploadImage } from "@/hooks/use-image-upload";
import { errorText } from "@/lib/error-text";
import { decodesAsImage } from "@/lib/image-decode";
import { isImageFile } from "@/lib/image-resize";
import { showFailure } from "@/lib/toasts";
import { NOT_AN_IMAGE } from "@/components/ui/image-picker";

/** The picture part of a message as chatMessages.send and messages.send take it. */
export type SentPicture = { image: { storageId: Id<"_storage"> }; imageAlt?: string };

export type PictureAttachment = {
  /** The chosen picture, not uploaded yet. */
  file: File | null;
  alt: string;
  setAlt: (alt: string) => void;
  /** Why the last file was refused (it stays refused inline; the previous choice is kept). */
  error: string | null;
  uploading: boolean;
  choose: (file: File) => Promise<void>;
  remove: () => void;
  /** Uploads the chosen picture (resized, checked by the server); undefined with none. Shows a failure as a toast and throws. */
  upload: (uploadImage: UploadImage) => Promise<SentPicture | undefined>;
};

const UPLOAD_FAILED = "The picture could not be uploaded. Please try again.";

/**
 * The composer's one picture: chosen only once the browser has decoded it (a text file renamed
 * .png is refused, as in ImagePicker), uploaded when the message is sent, then forgotten.
 */
export function usePictureAttachment(): PictureAttachment {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // Only the latest choice counts when an earlier one is still being decoded.
  const latestChoice = useRef(0);

  async function choose(chosen: File) {
    const choice = ++latestChoice.current;
    const isImage = isImageFile(chosen) && (await decodesAsImage(chosen));
    if (choice !== latestChoice.current) return;
    setError(isImage ? null : NOT_AN_IMAGE);
    if (isImage) setFile(chosen);
  }

  function remove() {
    latestChoice.current++;
    setFile(null);
    setAlt("");
    setError(null);
  }

  async function upload(uploadImage: UploadImage): Promise<SentPicture | undefined> {
    if (file === null) return undefined;
    setUploading(true);
    try {
      const storageId = await uploadImage(file);
      const imageAlt = alt.trim();
      return imageAlt.length === 0 ? { image: { storageId } } : { image: { storageId }, imageAlt };
    } catch (failure) {
      showFailure(errorText(failure, UPLOAD_FAILED));
      throw failure;
    } finally {
      setUploading(false);
    }
  }

  return { file, alt, setAlt, error, uploading, choose, remove, upload };
}
