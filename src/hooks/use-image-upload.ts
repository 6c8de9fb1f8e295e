import { useAction, useMutation } from "convex/react";
import { useCallback } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { IMAGE_TOO_LARGE, MAX_UPLOAD_BYTES } from "@convex/shared/image-types";
import { UserFacingError } from "../lib/error-text";
import { resizeImage } from "../lib/image-resize";

export type UploadImage = (file: File) => Promise<Id<"_storage">>;

/**
 * Resizes an image in the browser, uploads it to Convex file storage (PRODUCT D3) and confirms
 * it (the server checks it really is an image and makes it the caller's); resolves with the
 * storage id to save in the document.
 */
export function useImageUpload(): UploadImage {
  const generateUploadUrl = useMutation(api.files.generateUploadUrl);
  const confirmUpload = useAction(api.files.confirmUpload);
  return useCallback(
    async (file: File) => {
      const blob = await resizeImage(file);
      // The server refuses it too (files.confirmUpload); saying so here saves sending it.
      if (blob.size > MAX_UPLOAD_BYTES) throw new UserFacingError(IMAGE_TOO_LARGE);
      const uploadUrl = await generateUploadUrl();
      const response = await fetch(uploadUrl, {
        method: "POST",
        headers: { "Content-Type": blob.type || file.type },
        body: blob,
      });
      if (!response.ok) throw new UserFacingError("The image upload failed. Please try again.");
      const { storageId } = (await response.json()) as { storageId: Id<"_storage"> };
      return await confirmUpload({ storageId });
    },
    [generateUploadUrl, confirmUpload],
  );
}
