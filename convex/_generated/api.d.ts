/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";
import type * as auth from "../auth.js";
import type * as bookComments from "../bookComments.js";
import type * as books from "../books.js";
import type * as cascade from "../cascade.js";
import type * as chatMessages from "../chatMessages.js";
import type * as chatPresence from "../chatPresence.js";
import type * as chats from "../chats.js";
import type * as conversations from "../conversations.js";
import type * as crons from "../crons.js";
import type * as devMailbox from "../devMailbox.js";
import type * as duma from "../duma.js";
import type * as files from "../files.js";
import type * as friends from "../friends.js";
import type * as http from "../http.js";
import type * as lib_auth_email from "../lib/auth-email.js";
import type * as lib_auth_messages from "../lib/auth-messages.js";
import type * as lib_auth_options from "../lib/auth-options.js";
import type * as lib_auth from "../lib/auth.js";
import type * as lib_avatars from "../lib/avatars.js";
import type * as lib_chat_limits from "../lib/chat-limits.js";
import type * as lib_chat_texts from "../lib/chat-texts.js";
import type * as lib_chats from "../lib/chats.js";
import type * as lib_comments from "../lib/comments.js";
import type * as lib_conversations from "../lib/conversations.js";
import type * as lib_counters from "../lib/counters.js";
import type * as lib_creators from "../lib/creators.js";
import type * as lib_duma_cards from "../lib/duma/cards.js";
import type * as lib_duma_engine from "../lib/duma/engine.js";
import type * as lib_duma_story from "../lib/duma/story.js";
import type * as lib_functions from "../lib/functions.js";
import type * as lib_image_types from "../lib/image-types.js";
import type * as lib_images from "../lib/images.js";
import type * as lib_likes from "../lib/likes.js";
import type * as lib_mail_limits from "../lib/mail-limits.js";
import type * as lib_moderation_actions from "../lib/moderation/actions.js";
import type * as lib_moderation_audit from "../lib/moderation/audit.js";
import type * as lib_moderation_report_limits from "../lib/moderation/report-limits.js";
import type * as lib_moderation_reported_items from "../lib/moderation/reported-items.js";
import type * as lib_moderation_roles from "../lib/moderation/roles.js";
import type * as lib_moderation_suspensions from "../lib/moderation/suspensions.js";
import type * as lib_moderation_targets from "../lib/moderation/targets.js";
import type * as lib_moderation_validators from "../lib/moderation/validators.js";
import type * as lib_page_size from "../lib/page-size.js";
import type * as lib_password_provider from "../lib/password-provider.js";
import type * as lib_post_feed from "../lib/post-feed.js";
import type * as lib_profile_fields from "../lib/profile-fields.js";
import type * as lib_profile_lookup from "../lib/profile-lookup.js";
import type * as lib_profiles from "../lib/profiles.js";
import type * as lib_sign_in_backoff from "../lib/sign-in-backoff.js";
import type * as lib_stream_page from "../lib/stream-page.js";
import type * as lib_text from "../lib/text.js";
import type * as lib_typing_signal from "../lib/typing-signal.js";
import type * as lib_upload_limits from "../lib/upload-limits.js";
import type * as lib_uploads from "../lib/uploads.js";
import type * as lib_validators from "../lib/validators.js";
import type * as lib_views from "../lib/views.js";
import type * as mailAllowances from "../mailAllowances.js";
import type * as messages from "../messages.js";
import type * as migrations from "../migrations.js";
import type * as moderation from "../moderation.js";
import type * as moderationLists from "../moderationLists.js";
import type * as pendingSignUps from "../pendingSignUps.js";
import type * as postComments from "../postComments.js";
import type * as posts from "../posts.js";
import type * as profiles from "../profiles.js";
import type * as reports from "../reports.js";
import type * as signInBackoff from "../signInBackoff.js";
import type * as users from "../users.js";

/**
 * A utility for referencing Convex functions in your app's API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
declare const fullApi: ApiFromModules<{
  auth: typeof auth;
  bookComments: typeof bookComments;
  books: typeof books;
  cascade: typeof cascade;
  chatMessages: typeof chatMessages;
  chatPresence: typeof chatPresence;
  chats: typeof chats;
  conversations: typeof conversations;
  crons: typeof crons;
  devMailbox: typeof devMailbox;
  duma: typeof duma;
  files: typeof files;
  friends: typeof friends;
  http: typeof http;
  "lib/auth-email": typeof lib_auth_email;
  "lib/auth-messages": typeof lib_auth_messages;
  "lib/auth-options": typeof lib_auth_options;
  "lib/auth": typeof lib_auth;
  "lib/avatars": typeof lib_avatars;
  "lib/chat-limits": typeof lib_chat_limits;
  "lib/chat-texts": typeof lib_chat_texts;
  "lib/chats": typeof lib_chats;
  "lib/comments": typeof lib_comments;
  "lib/conversations": typeof lib_conversations;
  "lib/counters": typeof lib_counters;
  "lib/creators": typeof lib_creators;
  "lib/duma/cards": typeof lib_duma_cards;
  "lib/duma/engine": typeof lib_duma_engine;
  "lib/duma/story": typeof lib_duma_story;
  "lib/functions": typeof lib_functions;
  "lib/image-types": typeof lib_image_types;
  "lib/images": typeof lib_images;
  "lib/likes": typeof lib_likes;
  "lib/mail-limits": typeof lib_mail_limits;
  "lib/moderation/actions": typeof lib_moderation_actions;
  "lib/moderation/audit": typeof lib_moderation_audit;
  "lib/moderation/report-limits": typeof lib_moderation_report_limits;
  "lib/moderation/reported-items": typeof lib_moderation_reported_items;
  "lib/moderation/roles": typeof lib_moderation_roles;
  "lib/moderation/suspensions": typeof lib_moderation_suspensions;
  "lib/moderation/targets": typeof lib_moderation_targets;
  "lib/moderation/validators": typeof lib_moderation_validators;
  "lib/page-size": typeof lib_page_size;
  "lib/password-provider": typeof lib_password_provider;
  "lib/post-feed": typeof lib_post_feed;
  "lib/profile-fields": typeof lib_profile_fields;
  "lib/profile-lookup": typeof lib_profile_lookup;
  "lib/profiles": typeof lib_profiles;
  "lib/sign-in-backoff": typeof lib_sign_in_backoff;
  "lib/stream-page": typeof lib_stream_page;
  "lib/text": typeof lib_text;
  "lib/typing-signal": typeof lib_typing_signal;
  "lib/upload-limits": typeof lib_upload_limits;
  "lib/uploads": typeof lib_uploads;
  "lib/validators": typeof lib_validators;
  "lib/views": typeof lib_views;
  mailAllowances: typeof mailAllowances;
  messages: typeof messages;
  migrations: typeof migrations;
  moderation: typeof moderation;
  moderationLists: typeof moderationLists;
  pendingSignUps: typeof pendingSignUps;
  postComments: typeof postComments;
  posts: typeof posts;
  profiles: typeof profiles;
  reports: typeof reports;
  signInBackoff: typeof signInBackoff;
  users: typeof users;
}>;
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;

export declare const components: {
  rateLimiter: import("@convex-dev/rate-limiter/_generated/component.js").ComponentApi<"rateLimiter">;
  presence: import("@convex-dev/presence/_generated/component.js").ComponentApi<"presence">;
  shardedCounter: import("@convex-dev/sharded-counter/_generated/component.js").ComponentApi<"shardedCounter">;
};
