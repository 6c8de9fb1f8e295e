// @vitest-environment node
/**
 * "Download my data" for a big account (issue 30, "Bad input"): 5,000 posts and 200 uploaded
 * images. The export must finish, hold every post and image, and stream: no query reads more
 * than a page, and memory grows by about the ZIP's size, not by a decoded copy of everything.
 * Prints the peak resident memory it saw (no timed or memory assertion: figures vary by machine).
 * DATA_EXPORT_IMAGE_KB sets the images' size (default 100 KB; incompressible bytes, like photos).
 */
import { strFromU8, unzipSync } from "fflate";
import { expect, test } from "vitest";
import { internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { newBackend, signedInUser } from "./test-env";

const POSTS = 5_000;
const IMAGES = 200;
const IMAGE_BYTES = Number(process.env.DATA_EXPORT_IMAGE_KB ?? "100") * 1024;

/** Bytes that do not compress (a JPEG's are close to this), starting like a PNG. */
function photoBytes(seed: number): Uint8Array {
  const bytes = new Uint8Array(IMAGE_BYTES);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < bytes.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

test(
  "5,000 posts and 200 images: every post and image in the ZIP, memory about the ZIP's size",
  { timeout: 300_000 },
  async () => {
    const t = newBackend();
    const ann = await signedInUser(t, { name: "Ann" });
    for (let start = 0; start < POSTS; start += 500) {
      await t.run(async (ctx) => {
        for (let i = start; i < start + 500; i++) {
          const image =
            i < IMAGES
              ? { storageId: await ctx.storage.store(new Blob([photoBytes(i) as BlobPart], { type: "image/png" })) }
              : { url: "https://example.com/picture.png" };
          await ctx.db.insert("posts", {
            title: `Post number ${i}`,
            description: `A post of some length, number ${i}. `.repeat(20),
            category: "productivity",
            image,
            userId: ann.userId,
            updatedAt: 0,
            views: 0,
            likes: 0,
            comments: 0,
          });
        }
      });
    }
    const exportId: Id<"dataExports"> = await t.run(
      async (ctx) =>
        await ctx.db.insert("dataExports", {
          userId: ann.userId,
          status: "running",
          stage: "profile",
          progress: 0,
          startedAt: Date.now(),
          updatedAt: Date.now(),
        }),
    );

    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    await t.action(internal.dataExportBuild.build, { exportId });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    const row = await t.run((ctx) => ctx.db.get(exportId));
    expect(row).toMatchObject({ status: "done", progress: 100 });
    console.log(
      `data export of ${POSTS} posts + ${IMAGES} images of ${IMAGE_BYTES / 1024} KB: ZIP ${mb(row!.size!)}, ` +
        `RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)})`,
    );

    const zip = await t.run(async (ctx) => await (await ctx.storage.get(row!.storageId!))!.arrayBuffer());
    const files = unzipSync(new Uint8Array(zip));
    const posts = JSON.parse(strFromU8(files["posts.json"]!)) as { title: string; image: string }[];
    expect(posts).toHaveLength(POSTS);
    const imagePaths = Object.keys(files).filter((name) => name.startsWith("images/posts/"));
    expect(imagePaths).toHaveLength(IMAGES);
    expect(files[imagePaths[0]!]!.length).toBe(IMAGE_BYTES);
  },
);
