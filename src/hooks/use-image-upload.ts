import { useAction, useConvexConnectionState, useMutation } from "convex/react";
import { useCallback } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { IMAGE_TOO_LARGE, MAX_UPLOAD_BYTES } from "@convex/shared/image-types";
import { UserFacingError } from "../lib/error-text";
import { resizeImage } from "../lib/image-resize";

export type UploadImage = (file: File) => Promise<Id<"_storage">>;

/** Why an upload is refused offline: unlike a text change, a picture cannot wait for the connection. */
export const OFFLINE_UPLOAD = "You're offline: pictures can be uploaded when you're back online.";

/**
 * Resizes an image in the browser, uploads it to Convex file storage (PRODUCT D3) and confirms
 * it (the server checks it really is an image and makes it the caller's); resolves with the
 * storage id to save in the document. Offline it is refused at once (OFFLINE_UPLOAD): the upload
 * itself is a plain HTTP request that the client's queue of mutations cannot hold.
 */
export function useImageUpload(): UploadImage {
  const generateUploadUrl = useMutation(api.files.generateUploadUrl);
  const confirmUpload = useAction(api.files.confirmUpload);
  // Not the banner's "offline" (use-connection-status.ts, which waits 2 s): with no connection now, it could not go now.
  const offline = !useConvexConnectionState().isWebSocketConnected;
  return useCallback(
    async (file: File) => {
      if (offline) throw new UserFacingError(OFFLINE_UPLOAD);
      const blob = await resizeImage(file);
      // The server refuses it too (files.confirmUpload); saying so here saves sending it.
      if (blob.size > MAX_UPLOAD_BYTES) throw new UserFacingError(IMAGE_TOO_LARGE);
      const uploadUrl = await generateUploadUrl();
      let response: Response;
      try {
        response = await fetch(uploadUrl, {
          method: "POST",
          headers: { "Content-Type": blob.type || file.type },
          body: blob,
        });
      } catch {
        // No answer at all: the connection went during the upload.
        throw new UserFacingError(OFFLINE_UPLOAD);
      }
      if (!response.ok) throw new UserFacingError("The image upload failed. Please try again.");
      const { storageId } = (await response.json()) as { storageId: Id<"_storage"> };
      return await confirmUpload({ storageId });
    },
    [generateUploadUrl, confirmUpload, offline],
  );
}
