import { authTables } from "@convex-dev/auth/server";
import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import { cardValidator, endingValidator } from "./shared/duma/cards";
import {
  habitViewValidator,
  imageRefValidator,
  importantInOthersValidator,
  likeTargetValidator,
  personalityValidator,
  personalPriorityValidator,
  politicalViewsValidator,
  postCategoryValidator,
  religionValidator,
} from "./shared/validators";
import {
  moderationActionValidator,
  reportReasonValidator,
  reportTargetKindValidator,
  roleValidator,
} from "./shared/moderation-validators";
import { contentRemovalCountsValidator } from "./lib/moderation/removal-kinds";
import { accountDeletionStageValidator } from "./lib/account-deletion/stages";
import { notificationFields, preferenceKindValidator } from "./lib/notifications/validators";
import { mentionsValidator } from "./shared/mentions";
import { reactionCountsValidator, reactionEmojiValidator } from "./shared/message-extras";

/**
 * What a chat-room message and a private message carry beyond their text (issue 32,
 * shared/message-extras.ts); every field is absent on a plain message.
 */
function messageExtraFields<Table extends "chatMessages" | "messages">(table: Table) {
  return {
    /** One uploaded picture (stored files only, checked like book covers: lib/uploads.ts). */
    image: v.optional(v.object({ storageId: v.id("_storage") })),
    imageAlt: v.optional(v.string()),
    /** The message this one answers, in the same room or conversation (it may be gone since). */
    replyToId: v.optional(v.id(table)),
    /** When the author last edited the text (within MESSAGE_EDIT_WINDOW_MS of sending). */
    editedAt: v.optional(v.number()),
    /** Per-emoji counts, equal to this message's `messageReactions` rows (absent = none). */
    reactions: v.optional(reactionCountsValidator),
  };
}

/**
 * The whole data model (seed §3). Where the original kept growing lists inside a document
 * (likedBy, friends, members) we keep one row per relation in its own table, indexed both
 * ways: documents stay small and every read path is an index range.
 */
export default defineSchema({
  ...authTables,

  /** userInfo of seed §3: one per user, created on first sign-in. */
  profiles: defineTable({
    userId: v.id("users"),
    email: v.string(),
    displayName: v.string(),
    /** A preset avatar path (/avatars/N.svg) or an https URL; absent means the fallback image. */
    photoURL: v.optional(v.string()),
    hometown: v.optional(v.string()),
    work: v.optional(v.string()),
    education: v.optional(v.string()),
    mobile: v.optional(v.string()),
    activities: v.optional(v.string()),
    interests: v.optional(v.string()),
    favoriteMusic: v.optional(v.string()),
    favoriteMovies: v.optional(v.string()),
    favoriteTVShow: v.optional(v.string()),
    favoriteBooks: v.optional(v.string()),
    favoriteGames: v.optional(v.string()),
    favoriteQuote: v.optional(v.string()),
    aboutMe: v.optional(v.string()),
    religion: v.optional(religionValidator),
    politicalViews: v.optional(politicalViewsValidator),
    personalPriority: v.optional(personalPriorityValidator),
    importantInOthers: v.optional(importantInOthersValidator),
    viewsOnSmoking: v.optional(habitViewValidator),
    viewsOnAlcohol: v.optional(habitViewValidator),
    inspiredBy: v.optional(v.string()),
    personality: personalityValidator,
    /** How many people this user added as friends, changed with the friends rows (absent = 0). */
    friendCount: v.optional(v.number()),
    /** Set once the user has named themselves or skipped the name step after their first sign-in. */
    askedForName: v.optional(v.boolean()),
    /** Search (issue 33, lib/search/): name, hometown and interests in one text; absent until migrated. */
    searchText: v.optional(v.string()),
    /** True while the person is suspended: search never shows them (lib/search/profiles.ts). */
    searchHidden: v.optional(v.boolean()),
  })
    .index("by_userId", ["userId"])
    .index("by_displayName", ["displayName"])
    .searchIndex("search_displayName", { searchField: "displayName" })
    .searchIndex("search_text", { searchField: "searchText", filterFields: ["searchHidden"] }),

  /** The "friends" list of userInfo: one row per (user, friend) the user added. */
  friends: defineTable({
    userId: v.id("users"),
    friendId: v.id("users"),
  })
    // "Your Friends" lists the newest first, which needs creation order within a user.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- the pair index orders by friend id instead
    .index("by_userId", ["userId"])
    .index("by_userId_and_friendId", ["userId", "friendId"])
    .index("by_friendId", ["friendId"]),

  books: defineTable({
    title: v.string(),
    author: v.optional(v.string()),
    contact: v.optional(v.string()),
    description: v.optional(v.string()),
    image: imageRefValidator,
    userId: v.id("users"),
    updatedAt: v.number(),
    /** The listed snapshot of the counts (cards): exact ones are in lib/item-counts.ts. */
    views: v.number(),
    likes: v.number(),
    comments: v.number(),
    /** True once the counts above are only a snapshot of the item's counters (lib/item-counts.ts). */
    countsInCounters: v.optional(v.boolean()),
    /** Imported data may say where a book came from (e.g. "telegram_bot", PRODUCT D8). */
    source: v.optional(v.string()),
    /** Search (issue 33, lib/search/): title, author and description in one text; absent until migrated. */
    searchText: v.optional(v.string()),
  })
    .index("by_userId", ["userId"])
    .searchIndex("search_text", { searchField: "searchText" }),

  bookComments: defineTable({
    bookId: v.id("books"),
    authorId: v.id("users"),
    text: v.string(),
    /** The people it @mentions, with their spans in `text` (shared/mentions.ts; absent = none). */
    mentions: mentionsValidator,
  })
    .index("by_bookId", ["bookId"])
    // A person's comments, for removing all their content (lib/moderation/content-removal.ts).
    .index("by_authorId", ["authorId"]),

  posts: defineTable({
    title: v.string(),
    /** Plain text; line breaks are kept as "\n" and never rendered as HTML (PRODUCT D4). */
    description: v.string(),
    category: postCategoryValidator,
    image: imageRefValidator,
    userId: v.id("users"),
    updatedAt: v.number(),
    /** The listed snapshot of the counts (cards, sort indexes): exact ones are in lib/item-counts.ts. */
    views: v.number(),
    likes: v.number(),
    comments: v.number(),
    /** True once the counts above are only a snapshot of the item's counters (lib/item-counts.ts). */
    countsInCounters: v.optional(v.boolean()),
    /** Search (issue 33, lib/search/): title and description in one text; absent until migrated. */
    searchText: v.optional(v.string()),
  })
    .index("by_userId", ["userId"])
    .searchIndex("search_text", { searchField: "searchText", filterFields: ["category"] })
    // The feed's sort orders (newest first is _creationTime), for "all categories"…
    .index("by_views", ["views"])
    .index("by_likes", ["likes"])
    .index("by_comments", ["comments"])
    // …and per category, merged when several categories are selected.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest first within a category needs it
    .index("by_category", ["category"])
    .index("by_category_and_views", ["category", "views"])
    .index("by_category_and_likes", ["category", "likes"])
    .index("by_category_and_comments", ["category", "comments"]),

  postComments: defineTable({
    postId: v.id("posts"),
    authorId: v.id("users"),
    text: v.string(),
    /** The people it @mentions, with their spans in `text` (shared/mentions.ts; absent = none). */
    mentions: mentionsValidator,
    editedAt: v.optional(v.number()),
  })
    .index("by_postId", ["postId"])
    // A person's comments, for removing all their content (lib/moderation/content-removal.ts).
    .index("by_authorId", ["authorId"]),

  /** likedBy of books and posts: one row per (target, user); the target's `likes` is their count. */
  likes: defineTable({
    targetId: likeTargetValidator,
    userId: v.id("users"),
  })
    .index("by_targetId_and_userId", ["targetId", "userId"])
    // A person's likes given, oldest first: "Download my data" (dataExport.ts) and account deletion.
    .index("by_userId", ["userId"]),

  /** When a user last counted as a viewer of a book or post, so reloads do not inflate views. */
  views: defineTable({
    targetId: likeTargetValidator,
    userId: v.id("users"),
    viewedAt: v.number(),
  })
    .index("by_targetId_and_userId", ["targetId", "userId"])
    // A person's view rows, for deleting their account (accountDeletion.ts).
    .index("by_userId", ["userId"]),

  /**
   * A book or post whose views, likes or comments moved since the listed counts were refreshed:
   * inserted by each event (never read there, so writers do not conflict), consumed by the
   * itemCounts refresh cron.
   */
  itemCountChanges: defineTable({
    itemId: likeTargetValidator,
  }),

  /**
   * A one-to-one conversation; `pairKey` is the two user ids sorted and joined, so there is one
   * per pair. The last message's preview lives here so the list reads one document per row.
   */
  conversations: defineTable({
    participants: v.array(v.id("users")),
    pairKey: v.string(),
    lastMessageAt: v.number(),
    /** The start of the newest message, already shortened for the list. */
    lastMessageText: v.optional(v.string()),
    lastMessageSenderId: v.optional(v.id("users")),
  }).index("by_pairKey", ["pairKey"]),

  /**
   * Each participant's view of a conversation: the list page reads these, newest first.
   * `lastMessageAt` is 0 until the conversation has a message or the member opened it, so a
   * conversation someone merely started does not appear in the other person's list.
   * `unreadCount` counts the other person's messages after `readUpTo` (a message's creation time).
   */
  conversationMembers: defineTable({
    conversationId: v.id("conversations"),
    userId: v.id("users"),
    otherUserId: v.id("users"),
    lastMessageAt: v.number(),
    unreadCount: v.number(),
    readUpTo: v.number(),
  })
    .index("by_userId_and_lastMessageAt", ["userId", "lastMessageAt"])
    .index("by_userId_and_unreadCount", ["userId", "unreadCount"])
    .index("by_conversationId_and_userId", ["conversationId", "userId"]),

  /** Private messages; the history is read newest first through by_conversationId, a page at a time. */
  messages: defineTable({
    conversationId: v.id("conversations"),
    senderId: v.id("users"),
    text: v.string(),
    ...messageExtraFields("messages"),
  })
    .index("by_conversationId", ["conversationId"])
    // A person's messages, for removing all their content (lib/moderation/content-removal.ts).
    .index("by_senderId", ["senderId"]),

  /**
   * A public chat room. Who is in it now lives in the presence component (chatPresence.ts), not
   * here. `lastMessageAt` moves at most once a minute (lib/chats.ts), so a busy room does not
   * rewrite its document, and re-run everyone's room queries, on every message.
   */
  chatRooms: defineTable({
    name: v.string(),
    /** Absent when none was given: readers see the default 'Join the conversation!'. */
    description: v.optional(v.string()),
    image: v.optional(imageRefValidator),
    createdBy: v.id("users"),
    lastMessageAt: v.optional(v.number()),
    /** Search (issue 33, lib/search/): name and description in one text; absent until migrated. */
    searchText: v.optional(v.string()),
  })
    .index("by_createdBy", ["createdBy"])
    .searchIndex("search_text", { searchField: "searchText" }),

  /**
   * Who is typing in a room, until when (chatPresence.setTyping; a "stopped" deletes the row).
   * Kept apart from the presence rows the room list counts people from, so a typing signal
   * re-runs only the room's typing query, not every reader's list of rooms.
   */
  chatTyping: defineTable({
    roomId: v.id("chatRooms"),
    userId: v.id("users"),
    until: v.number(),
  })
    .index("by_roomId_and_userId", ["roomId", "userId"])
    // A person's typing signals, for deleting their account (accountDeletion.ts).
    .index("by_userId", ["userId"])
    .index("by_roomId_and_until", ["roomId", "until"]),

  /**
   * Who is typing in a private conversation, until when (conversations.setTyping; lib/typing.ts).
   * A table of its own rather than a generalised chatTyping: each reader reads only the other
   * person's one row, so a signal re-runs only that conversation's typing query, and rooms keep
   * their ids and indexes as they are.
   */
  conversationTyping: defineTable({
    conversationId: v.id("conversations"),
    userId: v.id("users"),
    until: v.number(),
  })
    .index("by_conversationId_and_userId", ["conversationId", "userId"])
    // A person's typing signals, for deleting their account (lib/account-deletion/batches.ts).
    .index("by_userId", ["userId"]),

  /**
   * How many people are in a room now, as chats.list and chats.get show it (lib/presence-online.ts):
   * rewritten at most every few seconds and only when the count changed, so a presence flip does
   * not re-run every reader's list of rooms. No row yet means nobody has been counted: 0.
   */
  chatRoomOnline: defineTable({
    roomId: v.id("chatRooms"),
    count: v.number(),
    updatedAt: v.number(),
  }).index("by_roomId", ["roomId"]),

  /**
   * The one pending re-count of a room's online people and when it runs: read and written only
   * by joins, leaves and the re-count itself, never by plain heartbeats or the room list.
   */
  chatRoomOnlineRefresh: defineTable({
    roomId: v.id("chatRooms"),
    dueAt: v.number(),
  }).index("by_roomId", ["roomId"]),

  /** The key that signs presence renewal tickets (lib/presence-ticket.ts); one row, made once, never changed. */
  presenceKeys: defineTable({ key: v.string() }),

  /** A room's messages; read newest first through by_roomId (room, then creation time), a page at a time. */
  chatMessages: defineTable({
    roomId: v.id("chatRooms"),
    userId: v.id("users"),
    text: v.string(),
    /** The people it @mentions, with their spans in `text` (shared/mentions.ts; absent = none). */
    mentions: mentionsValidator,
    ...messageExtraFields("chatMessages"),
  })
    .index("by_roomId", ["roomId"])
    // A person's messages, for removing all their content (lib/moderation/content-removal.ts).
    .index("by_userId", ["userId"]),

  /** One row per (message, person, emoji) reaction; the message's `reactions` counts them. */
  messageReactions: defineTable({
    messageId: v.union(v.id("chatMessages"), v.id("messages")),
    userId: v.id("users"),
    emoji: reactionEmojiValidator,
  })
    // Toggling one (all three), who gave an emoji (message + emoji), a message's rows when it goes.
    .index("by_messageId_and_emoji_and_userId", ["messageId", "emoji", "userId"])
    // A person's reactions: which of a page's messages I reacted to (messageReactions.mineAmong),
    // deleting their account and "Download my data".
    .index("by_userId_and_messageId", ["userId", "messageId"]),

  /**
   * How far each person has read each chat room (/chats marks rooms with newer messages; the room
   * opens at the first unread). Written when they leave the room or read to the bottom.
   */
  chatRoomReads: defineTable({
    userId: v.id("users"),
    roomId: v.id("chatRooms"),
    /** The creation time of the newest message they have seen. */
    readUpTo: v.number(),
  })
    .index("by_userId_and_roomId", ["userId", "roomId"])
    // A room's rows, for deleting the room.
    .index("by_roomId", ["roomId"]),

  /**
   * Who is @mentioned where: one row per person a chat message or comment mentions (lib/mentions.ts),
   * since Convex cannot index inside the `mentions` arrays. Account deletion finds a person's
   * mentions in other people's texts here and drops their spans; deleting the text deletes its rows.
   */
  mentionRefs: defineTable({
    /** The person mentioned. */
    userId: v.id("users"),
    /** The message or comment that mentions them. */
    sourceId: v.union(v.id("chatMessages"), v.id("bookComments"), v.id("postComments")),
  })
    .index("by_userId", ["userId"])
    .index("by_sourceId", ["sourceId"]),

  /**
   * Who uploaded each stored file (files.confirmUpload), and whether a document uses it: an
   * upload is accepted from its uploader only, once; unused ones are swept after an hour.
   */
  uploads: defineTable({
    storageId: v.id("_storage"),
    ownerId: v.id("users"),
    attached: v.boolean(),
  })
    .index("by_storageId", ["storageId"])
    // A person's uploads, for deleting their account (accountDeletion.ts).
    .index("by_ownerId", ["ownerId"]),

  /**
   * A change of e-mail address waiting for its code (issue 30, accountSettings.ts): one per user,
   * a new request replaces it; the code is kept only as a hash bound to the user and new address.
   */
  emailChanges: defineTable({
    userId: v.id("users"),
    newEmail: v.string(),
    codeHash: v.string(),
    expiresAt: v.number(),
    failedAttempts: v.number(),
  }).index("by_userId", ["userId"]),

  /** Failed password and code tries per (client, address) and per address (lib/sign-in-backoff.ts). */
  signInFailures: defineTable({
    key: v.string(),
    failures: v.number(),
    lastFailureAt: v.number(),
    retryAfter: v.number(),
  }).index("by_key", ["key"]),

  /**
   * A browser (client id) that signed in to an address: the address-wide wait a stranger's
   * guesses cause does not apply to it (lib/sign-in-backoff.ts).
   */
  trustedSignInClients: defineTable({
    key: v.string(),
    trustedUntil: v.number(),
  }).index("by_key", ["key"]),

  /** The hash of the registration key the browser of an address's latest sign-up holds. */
  pendingSignUps: defineTable({
    email: v.string(),
    keyHash: v.string(),
  }).index("by_email", ["email"]),

  /** How far the orphan-file sweep has looked (files created up to `sweptThrough`); one row. */
  uploadSweeps: defineTable({
    sweptThrough: v.number(),
  }),

  /**
   * The orphan sweep (orphanSweep.ts, lib/orphan-sweep/): one row per dependent table it walks,
   * with where this pass got to, so a cut-off cascade's leftovers go even after a move.
   */
  orphanSweeps: defineTable({
    /** The dependent table (lib/orphan-sweep/kinds.ts). */
    kind: v.string(),
    /** The page cursor after the last batch looked at; null = from the start. */
    cursor: v.union(v.string(), v.null()),
    /** Orphans removed in this pass so far. */
    removed: v.number(),
    passStartedAt: v.number(),
    /** When this pass reached the table's end; absent while it is still walking. */
    finishedAt: v.optional(v.number()),
    updatedAt: v.number(),
  }),

  /**
   * Counts from before they moved to the sharded counter component (lib/counters.ts): read as
   * the base its shards add to, never written.
   */
  counters: defineTable({
    name: v.string(),
    value: v.number(),
  }).index("by_name", ["name"]),

  /** A player's own Duma deck (the original's flashcard editor kept it in local storage); one per user. */
  dumaDecks: defineTable({
    userId: v.id("users"),
    cards: v.array(cardValidator),
    endings: v.array(endingValidator),
    updatedAt: v.number(),
  }).index("by_userId", ["userId"]),

  /** Each player's longest Duma reign with the built-in story: the days survived before an ending. */
  dumaReigns: defineTable({
    userId: v.id("users"),
    days: v.number(),
    endingId: v.string(),
    swipes: v.number(),
    achievedAt: v.number(),
  })
    .index("by_userId", ["userId"])
    // The leaderboard: longest first, and among equal days whoever got there first (duma.ts).
    .index("by_days_and_achievedAt", ["days", "achievedAt"]),

  /**
   * Moderation (issue 16). One row per reported thing while it has open reports: the queue pages
   * these, newest or most reported first, and reads a few of its reports per row. Dismissing or
   * removing deletes the row with its reports (cascade.ts), so every row here is open.
   */
  reportedItems: defineTable({
    targetKind: reportTargetKindValidator,
    /** The reported document's id (a users id for a profile). */
    targetId: v.string(),
    /** Who wrote, created or owns it: the person a suspension would be for. */
    authorId: v.id("users"),
    /**
     * The reports counted into reportCount: those created up to this time. Reporters do not
     * write this row (but the first of each minute, for lastReportedAt); a scheduled recount
     * (reports.countNewReports) adds the newer ones, so a viral item's reporters do not conflict
     * on it (docs/moderation.md). Absent on rows from before: their reportCount counted them all.
     */
    countedThrough: v.optional(v.number()),
    reportCount: v.number(),
    lastReportedAt: v.number(),
  })
    .index("by_target", ["targetKind", "targetId"])
    .index("by_lastReportedAt", ["lastReportedAt"])
    .index("by_reportCount", ["reportCount", "lastReportedAt"]),

  /** One open report per (item, reporter): the pair index both finds a repeat and lists an item's reports. */
  reports: defineTable({
    itemId: v.id("reportedItems"),
    reporterId: v.id("users"),
    reason: reportReasonValidator,
    text: v.optional(v.string()),
  })
    .index("by_itemId_and_reporterId", ["itemId", "reporterId"])
    // An item's reports by time: the newest for the queue, and those not counted yet.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- the time order is what it is for
    .index("by_itemId", ["itemId"])
    // The reports a person filed, for deleting their account (accountDeletion.ts).
    .index("by_reporterId", ["reporterId"]),

  /**
   * "Remove all content of this person" (lib/moderation/content-removal.ts): one row per run,
   * patched once per batch with what has gone so far, until `finishedAt` is set. /moderation
   * shows the latest runs.
   */
  contentRemovals: defineTable({
    userId: v.id("users"),
    /** The moderator who started it; absent when it was started from the Convex dashboard. */
    byUserId: v.optional(v.id("users")),
    reason: v.string(),
    /** Items removed so far, per kind, and in all. */
    counts: contentRemovalCountsValidator,
    removed: v.number(),
    /** When the last batch ran: starting again resumes a run whose batches stopped. */
    updatedAt: v.number(),
    finishedAt: v.optional(v.number()),
  })
    .index("by_userId", ["userId"])
    // The runs a moderator started, unnamed when their account is deleted (accountDeletion.ts).
    .index("by_byUserId", ["byUserId"]),

  /**
   * "Download my data" (issue 30, dataExport.ts): one row per export, at most one per person at a
   * time. An action writes the ZIP into storage and `progress` as it goes; the row and its file
   * are deleted a day after the start (the download link itself works one hour after `finishedAt`).
   */
  dataExports: defineTable({
    userId: v.id("users"),
    status: v.union(v.literal("running"), v.literal("done"), v.literal("failed")),
    /** What is being collected now ("posts", "images"…), for "Collecting your posts… 40%". */
    stage: v.string(),
    /** 0–100. */
    progress: v.number(),
    storageId: v.optional(v.id("_storage")),
    /** The ZIP's size in bytes, once done. */
    size: v.optional(v.number()),
    error: v.optional(v.string()),
    startedAt: v.number(),
    /** When the action last wrote here: a running export silent for long has died (dataExport.ts). */
    updatedAt: v.number(),
    finishedAt: v.optional(v.number()),
  }).index("by_userId", ["userId"]),

  /** Moderators and admins; everyone without a row is an ordinary user. */
  roles: defineTable({
    userId: v.id("users"),
    role: roleValidator,
  }).index("by_userId", ["userId"]),

  /**
   * Suspended accounts, one row per user (lifting deletes it). `endsAt` null is indefinitely; a
   * row whose `endsAt` has passed no longer refuses anything (lib/moderation/suspensions.ts).
   */
  suspensions: defineTable({
    userId: v.id("users"),
    endsAt: v.union(v.number(), v.null()),
    reason: v.string(),
    /** The moderator who suspended; absent when it was done from the Convex dashboard. */
    byUserId: v.optional(v.id("users")),
  })
    .index("by_userId", ["userId"])
    // For clearing the ones that have run out (moderation.clearEndedSuspensions).
    .index("by_endsAt", ["endsAt"])
    // The suspensions a moderator made, unnamed when their account is deleted (accountDeletion.ts).
    .index("by_byUserId", ["byUserId"]),

  /**
   * The audit log: one row per moderation action, written in the same mutation, never deleted
   * by any function. `actorId` absent means the Convex dashboard (internal functions). The one
   * change: when the subject deletes their account, `summary` (their own words) is cleared
   * (accountDeletion.ts); ids, reasons and details stay.
   */
  moderationLog: defineTable({
    action: moderationActionValidator,
    actorId: v.optional(v.id("users")),
    targetKind: v.optional(reportTargetKindValidator),
    targetId: v.optional(v.string()),
    /** The person acted on: the author of removed content, the suspended user, the new moderator. */
    subjectId: v.optional(v.id("users")),
    /** What the item was (a title or the start of its text), kept because a removed item is gone. */
    summary: v.optional(v.string()),
    reason: v.optional(v.string()),
    /** e.g. "until 2026-12-01T14:00:00.000Z", "moderator", "3 reports". */
    detail: v.optional(v.string()),
  })
    // The rows about one person, whose summaries go when they delete their account.
    .index("by_subjectId", ["subjectId"]),

  /**
   * "Delete my account" (issue 30, accountDeletion.ts): one row per account being deleted. The
   * person can no longer sign in from the moment it exists; `stage` says which kind of their
   * data the background batches are deleting, `updatedAt` when the last batch ran (the cron
   * resumes a deletion whose batches stopped). The last batch deletes this row with the user.
   */
  accountDeletions: defineTable({
    userId: v.id("users"),
    stage: accountDeletionStageValidator,
    /** Where a stage that walks a range it does not shrink (the moderation log) got to. */
    cursor: v.optional(v.string()),
    startedAt: v.number(),
    updatedAt: v.number(),
  })
    .index("by_userId", ["userId"])
    .index("by_updatedAt", ["updatedAt"]),

  /**
   * Verification e-mails captured instead of sent, shown on /dev/mailbox
   * (only with the local backend or AUTH_DEV_MAILBOX=1, PRODUCT D6).
   */
  devMailbox: defineTable({
    to: v.string(),
    subject: v.string(),
    // The plain body; optional because rows from before issue 30 have none.
    text: v.optional(v.string()),
    // Absent on a notice mail, which carries no code or link.
    code: v.optional(v.string()),
    link: v.optional(v.string()),
  }).index("by_to", ["to"]),

  /**
   * Notifications (issue 31, convex/notifications.ts, lib/notifications/). A like of one item
   * folds into one unread row per recipient (`groupKey`, `actorCount` distinct people, their ids
   * in notificationActors); every other kind is one row. Written only by the fold (lib/notifications/fold.ts).
   */
  notifications: defineTable({
    ...notificationFields,
    read: v.boolean(),
    /** When it last changed: a grouped like row moves up when another person joins it. */
    updatedAt: v.number(),
    /** Likes only: "like:<itemId>", to find the unread row a new like joins. */
    groupKey: v.optional(v.string()),
    /** How many distinct people are in it (1 when alone). */
    actorCount: v.number(),
  })
    // The page, newest first.
    .index("by_recipientId_and_updatedAt", ["recipientId", "updatedAt"])
    // A person's unread rows (mark all read), and the unread row of a like group.
    .index("by_recipientId_and_read_and_groupKey", ["recipientId", "read", "groupKey"])
    // Cascades: the item, comment or message a row points at, the person who caused it.
    .index("by_targetId", ["targetId"])
    .index("by_sourceId", ["sourceId"])
    .index("by_actorId", ["actorId"])
    // Retention: read rows, oldest first.
    .index("by_read_and_updatedAt", ["read", "updatedAt"]),

  /** The distinct people of a grouped like row, so a second like by the same person counts once. */
  notificationActors: defineTable({
    notificationId: v.id("notifications"),
    actorId: v.id("users"),
  })
    .index("by_notificationId_and_actorId", ["notificationId", "actorId"])
    .index("by_actorId", ["actorId"]),

  /**
   * What happened, inserted by the cause's mutation and read by nobody but the fold of its
   * recipient, so fifty likes of one post at once do not conflict on the owner's rows.
   */
  notificationEvents: defineTable({
    ...notificationFields,
    at: v.number(),
  })
    .index("by_recipientId", ["recipientId"])
    .index("by_actorId", ["actorId"]),

  /** The unread count of a person, one row kept by every mutation that changes read state. */
  notificationCounts: defineTable({
    userId: v.id("users"),
    unread: v.number(),
  }).index("by_userId", ["userId"]),

  /** The kinds a person turned off; no row means all on. */
  notificationPreferences: defineTable({
    userId: v.id("users"),
    disabled: v.array(preferenceKindValidator),
  }).index("by_userId", ["userId"]),
});
