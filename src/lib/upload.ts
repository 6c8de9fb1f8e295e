import type { Id } from "../../convex/_generated/dataModel";
import { resizeImage } from "./image-resize";

/**
 * Resizes an image in the browser and uploads it to Convex file storage (PRODUCT D3).
 * `generateUploadUrl` is the `api.files.generateUploadUrl` mutation (e.g. from useMutation);
 * resolves with the storage id to save in the document.
 */
export async function uploadImage(file: File, generateUploadUrl: () => Promise<string>): Promise<Id<"_storage">> {
  const blob = await resizeImage(file);
  const uploadUrl = await generateUploadUrl();
  const response = await fetch(uploadUrl, {
    method: "POST",
    headers: { "Content-Type": blob.type || file.type },
    body: blob,
  });
  if (!response.ok) throw new Error("The image upload failed. Please try again.");
  const { storageId } = (await response.json()) as { storageId: Id<"_storage"> };
  return storageId;
}
