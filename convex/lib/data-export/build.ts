/**
 * Builds one export's ZIP (issue 30), called by the internal action dataExportBuild.build. It
 * reads the person's things a page at a time through internal queries (sections.ts), feeds each
 * page to the ZIP at once (zip-writer.ts), copies their uploaded images in last, one at a time,
 * and writes progress to the export's row at every stage and every few pages. What stays in
 * memory: the compressed ZIP so far, one page of rows, one image, and the list of image ids.
 */
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx } from "../../_generated/server";
import { ConvexError } from "convex/values";
import { EXPORT_FAILED } from "./status";
import { type ExportImage, type ExportPage, iso, type JsonRow, type PagedSection } from "./sections";
import { type JsonArrayFile, ZipWriter } from "./zip-writer";

type BuildCtx = Pick<ActionCtx, "runQuery" | "runMutation" | "storage">;

/** The progress bar's share of each stage (they add up to 100): posts and images take longest. */
const STAGE_WEIGHTS = {
  profile: 2,
  friends: 4,
  books: 8,
  posts: 20,
  bookComments: 6,
  postComments: 6,
  likes: 6,
  messages: 12,
  chatRooms: 2,
  chatMessages: 8,
  duma: 2,
  images: 22,
  saving: 2,
} as const;
type Stage = keyof typeof STAGE_WEIGHTS;

/** Progress is written at least every this many pages or images within a stage. */
const REPORT_EVERY_PAGES = 5;
const REPORT_EVERY_IMAGES = 10;

/** The file list inside the ZIP, for the person who opens it. */
const README = `Your data from Dumy, as JSON files (UTF-8, dates in ISO 8601, UTC) and images.

profile.json                    your account and profile
friends.json                    the people you added as friends
books.json, posts.json          your books and posts ("image" is a path under images/ or a link)
book-comments.json              your comments on books
post-comments.json              your comments on posts
likes.json                      the books and posts you liked
messages.json                   your private conversations, messages you sent and received
chat-rooms.json                 the chat rooms you created
chat-messages.json              your messages in chat rooms
reactions.json                  the emoji reactions you gave to messages
duma.json                       your Duma deck and reigns
notification-preferences.json   your notification settings
images/                         the images you uploaded, and pictures in your private messages
`;

/** The row was deleted or replaced while building: stop quietly. */
class ExportCancelled extends Error {}

export async function buildExport(ctx: BuildCtx, exportId: Id<"dataExports">): Promise<void> {
  const job = await ctx.runQuery(internal.dataExport.job, { exportId });
  if (job === null || job.status !== "running") return;
  try {
    const progress = new Progress(ctx, exportId);
    const blob = await writeArchive(ctx, job.userId, progress);
    await progress.stage("saving");
    const storageId = await ctx.storage.store(blob);
    await ctx.runMutation(internal.dataExport.finish, { exportId, storageId, size: blob.size });
  } catch (error) {
    if (error instanceof ExportCancelled) return;
    console.error(`data export ${exportId} failed:`, error);
    const message = error instanceof ConvexError && typeof error.data === "string" ? error.data : EXPORT_FAILED;
    await ctx.runMutation(internal.dataExport.fail, { exportId, error: message });
  }
}

async function writeArchive(ctx: BuildCtx, userId: Id<"users">, progress: Progress): Promise<Blob> {
  const zip = new ZipWriter();
  const images: ExportImage[] = [];
  zip.addText("README.txt", README);

  await progress.stage("profile");
  const { profile, duma, notificationPreferences } = await ctx.runQuery(internal.dataExport.profilePage, { userId });
  zip.addText("profile.json", json({ exportedAt: iso(Date.now()), ...profile }));

  const pagedFiles: [Stage, PagedSection, string][] = [
    ["friends", "friends", "friends.json"],
    ["books", "books", "books.json"],
    ["posts", "posts", "posts.json"],
    ["bookComments", "bookComments", "book-comments.json"],
    ["postComments", "postComments", "post-comments.json"],
    ["likes", "likes", "likes.json"],
  ];
  for (const [stage, section, name] of pagedFiles) {
    await progress.stage(stage);
    const file = zip.openArray(name);
    await eachPage(
      progress,
      (cursor) => ctx.runQuery(internal.dataExport.sectionPage, { userId, section, cursor }),
      (page) => {
        file.write(page.rows);
        images.push(...page.images);
      },
    );
    file.close();
  }

  await progress.stage("messages");
  await writeMessages(ctx, userId, zip.openArray("messages.json"), progress, images);

  for (const [stage, section, name] of [
    ["chatRooms", "chatRooms", "chat-rooms.json"],
    ["chatMessages", "chatMessages", "chat-messages.json"],
    ["chatMessages", "reactions", "reactions.json"],
  ] as const) {
    await progress.stage(stage);
    const file = zip.openArray(name);
    await eachPage(
      progress,
      (cursor) => ctx.runQuery(internal.dataExport.sectionPage, { userId, section, cursor }),
      (page) => {
        file.write(page.rows);
        images.push(...page.images);
      },
    );
    file.close();
  }

  await progress.stage("duma");
  const reigns: JsonRow[] = [];
  await eachPage(
    progress,
    (cursor) => ctx.runQuery(internal.dataExport.sectionPage, { userId, section: "dumaReigns", cursor }),
    (page) => {
      reigns.push(...page.rows);
    },
  );
  zip.addText("duma.json", json({ ...duma, reigns }));
  // Each kind of notification (issue 31), on or off; on unless the person turned it off.
  zip.addText("notification-preferences.json", json({ preferences: notificationPreferences }));

  await progress.stage("images");
  for (const [index, image] of images.entries()) {
    const blob = await ctx.storage.get(image.storageId);
    if (blob !== null) await zip.addStream(image.path, blob.stream());
    if ((index + 1) % REPORT_EVERY_IMAGES === 0) await progress.within("images", (index + 1) / images.length);
  }
  return zip.finish();
}

/** messages.json: each conversation the person is in, with its messages oldest first. */
async function writeMessages(
  ctx: BuildCtx,
  userId: Id<"users">,
  file: JsonArrayFile,
  progress: Progress,
  images: ExportImage[],
) {
  await eachPage(
    progress,
    (cursor) => ctx.runQuery(internal.dataExport.sectionPage, { userId, section: "conversations", cursor }),
    async (conversations) => {
      for (const conversation of conversations.rows) {
        const conversationId = conversation.conversationId as Id<"conversations">;
        const messages = file.openNested(conversation, "messages");
        await eachPage(
          progress,
          (cursor) => ctx.runQuery(internal.dataExport.messagesPage, { userId, conversationId, cursor }),
          (page) => {
            messages.write(page.rows);
            // Pictures in messages (issue 32), copied in with the other images.
            images.push(...page.images);
          },
        );
        messages.closeNested();
      }
    },
  );
  file.close();
}

/** Reads pages until the last, handing each to `use` before the next is read. */
async function eachPage(
  progress: Progress,
  read: (cursor: string | null) => Promise<ExportPage>,
  use: (page: ExportPage) => void | Promise<void>,
): Promise<void> {
  let cursor: string | null = null;
  for (let pages = 1; ; pages++) {
    const page: ExportPage = await read(cursor);
    await use(page);
    if (page.isDone) return;
    cursor = page.continueCursor;
    if (pages % REPORT_EVERY_PAGES === 0) await progress.touch();
  }
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Writes the stage and percentage to the export's row; a row that is gone stops the build. */
class Progress {
  private current: Stage = "profile";

  constructor(
    private readonly ctx: BuildCtx,
    private readonly exportId: Id<"dataExports">,
  ) {}

  async stage(stage: Stage): Promise<void> {
    this.current = stage;
    await this.write(stage, startOf(stage));
  }

  /** Part way through a stage whose size is known (images). */
  async within(stage: Stage, fraction: number): Promise<void> {
    await this.write(stage, startOf(stage) + STAGE_WEIGHTS[stage] * Math.min(1, fraction));
  }

  /** Still alive (a long stage): keeps the row from looking stalled. */
  async touch(): Promise<void> {
    await this.write(this.current, startOf(this.current));
  }

  private async write(stage: Stage, percent: number): Promise<void> {
    const alive = await this.ctx.runMutation(internal.dataExport.progress, {
      exportId: this.exportId,
      stage,
      progress: Math.floor(percent),
    });
    if (!alive) throw new ExportCancelled();
  }
}

/** The percentage at which a stage starts. */
function startOf(stage: Stage): number {
  let sum = 0;
  for (const [name, weight] of Object.entries(STAGE_WEIGHTS)) {
    if (name === stage) return sum;
    sum += weight;
  }
  return sum;
}
