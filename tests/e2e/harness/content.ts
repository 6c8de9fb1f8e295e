/**
 * Content made through the public API as a signed-in user, the way the browser makes it (an
 * image uploaded to storage and confirmed before the post takes it), for journeys that need
 * posts to exist before they start.
 */
import { ConvexHttpClient } from "convex/browser";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import type { PostCategory } from "../../../convex/shared/validators";
import { signInTokens, type RunningApp, type TestUser } from "./users";

/** A 2×2 PNG (red, green, blue, white): a real image the browser decodes and uploads as it is. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAsICBgYHh/////wEclwWckfxhMQAAAABJRU5ErkJggg==",
  "base64",
);

/** Adds a post as `user` with an uploaded image; returns its id. */
export async function addPostAs(
  app: RunningApp,
  user: TestUser,
  title: string,
  category: PostCategory,
): Promise<Id<"posts">> {
  const client = new ConvexHttpClient(app.url);
  client.setAuth((await signInTokens(app.engine, user)).token);
  const uploadUrl = await client.mutation(api.files.generateUploadUrl, {});
  const response = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "image/png" }, body: TINY_PNG });
  const { storageId } = (await response.json()) as { storageId: Id<"_storage"> };
  await client.action(api.files.confirmUpload, { storageId });
  return await client.mutation(api.posts.create, { title, description: "Notes.", category, image: { storageId } });
}
