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
import type * as accountDeletion from "../accountDeletion.js";
import type * as accountSettings from "../accountSettings.js";
import type * as auth from "../auth.js";
import type * as bookComments from "../bookComments.js";
import type * as books from "../books.js";
import type * as cascade from "../cascade.js";
import type * as chatMessages from "../chatMessages.js";
import type * as chatPresence from "../chatPresence.js";
import type * as chatRoomReads from "../chatRoomReads.js";
import type * as chats from "../chats.js";
import type * as conversations from "../conversations.js";
import type * as crons from "../crons.js";
import type * as dataExport from "../dataExport.js";
import type * as dataExportBuild from "../dataExportBuild.js";
import type * as deploymentSettings from "../deploymentSettings.js";
import type * as devMailbox from "../devMailbox.js";
import type * as duma from "../duma.js";
import type * as files from "../files.js";
import type * as friends from "../friends.js";
import type * as http from "../http.js";
import type * as itemCounts from "../itemCounts.js";
import type * as lib_account_deletion_batches from "../lib/account-deletion/batches.js";
import type * as lib_account_deletion_constants from "../lib/account-deletion/constants.js";
import type * as lib_account_deletion_finish from "../lib/account-deletion/finish.js";
import type * as lib_account_deletion_password_check from "../lib/account-deletion/password-check.js";
import type * as lib_account_deletion_stages from "../lib/account-deletion/stages.js";
import type * as lib_account_deletion_start from "../lib/account-deletion/start.js";
import type * as lib_account_settings from "../lib/account-settings.js";
import type * as lib_allowance from "../lib/allowance.js";
import type * as lib_auth_email from "../lib/auth-email.js";
import type * as lib_auth_options from "../lib/auth-options.js";
import type * as lib_auth from "../lib/auth.js";
import type * as lib_chat_limits from "../lib/chat-limits.js";
import type * as lib_chats from "../lib/chats.js";
import type * as lib_clock from "../lib/clock.js";
import type * as lib_comments from "../lib/comments.js";
import type * as lib_conversations from "../lib/conversations.js";
import type * as lib_counters from "../lib/counters.js";
import type * as lib_creators from "../lib/creators.js";
import type * as lib_data_export_build from "../lib/data-export/build.js";
import type * as lib_data_export_download from "../lib/data-export/download.js";
import type * as lib_data_export_sections from "../lib/data-export/sections.js";
import type * as lib_data_export_status from "../lib/data-export/status.js";
import type * as lib_data_export_zip_writer from "../lib/data-export/zip-writer.js";
import type * as lib_deployment_settings from "../lib/deployment-settings.js";
import type * as lib_functions from "../lib/functions.js";
import type * as lib_images from "../lib/images.js";
import type * as lib_item_counts from "../lib/item-counts.js";
import type * as lib_likes from "../lib/likes.js";
import type * as lib_mail_limits from "../lib/mail-limits.js";
import type * as lib_mail from "../lib/mail.js";
import type * as lib_mentions from "../lib/mentions.js";
import type * as lib_message_edits from "../lib/message-edits.js";
import type * as lib_message_pictures from "../lib/message-pictures.js";
import type * as lib_message_replies from "../lib/message-replies.js";
import type * as lib_moderation_actions from "../lib/moderation/actions.js";
import type * as lib_moderation_audit from "../lib/moderation/audit.js";
import type * as lib_moderation_content_removal from "../lib/moderation/content-removal.js";
import type * as lib_moderation_now from "../lib/moderation/now.js";
import type * as lib_moderation_removal_kinds from "../lib/moderation/removal-kinds.js";
import type * as lib_moderation_report_limits from "../lib/moderation/report-limits.js";
import type * as lib_moderation_reported_items from "../lib/moderation/reported-items.js";
import type * as lib_moderation_roles from "../lib/moderation/roles.js";
import type * as lib_moderation_suspensions from "../lib/moderation/suspensions.js";
import type * as lib_moderation_targets from "../lib/moderation/targets.js";
import type * as lib_newest_first_page from "../lib/newest-first-page.js";
import type * as lib_notifications_counts from "../lib/notifications/counts.js";
import type * as lib_notifications_fold from "../lib/notifications/fold.js";
import type * as lib_notifications_moderation_notices from "../lib/notifications/moderation-notices.js";
import type * as lib_notifications_preferences from "../lib/notifications/preferences.js";
import type * as lib_notifications_record from "../lib/notifications/record.js";
import type * as lib_notifications_remove from "../lib/notifications/remove.js";
import type * as lib_notifications_validators from "../lib/notifications/validators.js";
import type * as lib_notifications_view from "../lib/notifications/view.js";
import type * as lib_orphan_sweep_kinds from "../lib/orphan-sweep/kinds.js";
import type * as lib_orphan_sweep_parents from "../lib/orphan-sweep/parents.js";
import type * as lib_orphan_sweep_sweep from "../lib/orphan-sweep/sweep.js";
import type * as lib_page_size from "../lib/page-size.js";
import type * as lib_password_provider from "../lib/password-provider.js";
import type * as lib_post_feed from "../lib/post-feed.js";
import type * as lib_presence_component from "../lib/presence-component.js";
import type * as lib_presence_online from "../lib/presence-online.js";
import type * as lib_presence_ticket from "../lib/presence-ticket.js";
import type * as lib_profile_lookup from "../lib/profile-lookup.js";
import type * as lib_profiles from "../lib/profiles.js";
import type * as lib_reactions from "../lib/reactions.js";
import type * as lib_reset_mail from "../lib/reset-mail.js";
import type * as lib_room_reads from "../lib/room-reads.js";
import type * as lib_search_profiles from "../lib/search/profiles.js";
import type * as lib_search_query from "../lib/search/query.js";
import type * as lib_search_text from "../lib/search/text.js";
import type * as lib_sign_in_backoff from "../lib/sign-in-backoff.js";
import type * as lib_stream_page from "../lib/stream-page.js";
import type * as lib_typing from "../lib/typing.js";
import type * as lib_upload_limits from "../lib/upload-limits.js";
import type * as lib_uploads from "../lib/uploads.js";
import type * as lib_views from "../lib/views.js";
import type * as mail from "../mail.js";
import type * as mailAllowances from "../mailAllowances.js";
import type * as mentions from "../mentions.js";
import type * as messageReactions from "../messageReactions.js";
import type * as messages from "../messages.js";
import type * as migrations from "../migrations.js";
import type * as moderation from "../moderation.js";
import type * as moderationLists from "../moderationLists.js";
import type * as moderationSweep from "../moderationSweep.js";
import type * as notificationPreferences from "../notificationPreferences.js";
import type * as notifications from "../notifications.js";
import type * as orphanSweep from "../orphanSweep.js";
import type * as pendingSignUps from "../pendingSignUps.js";
import type * as postComments from "../postComments.js";
import type * as posts from "../posts.js";
import type * as profiles from "../profiles.js";
import type * as reports from "../reports.js";
import type * as search from "../search.js";
import type * as shared_auth_messages from "../shared/auth-messages.js";
import type * as shared_avatars from "../shared/avatars.js";
import type * as shared_chat_texts from "../shared/chat-texts.js";
import type * as shared_data_export from "../shared/data-export.js";
import type * as shared_duma_cards from "../shared/duma/cards.js";
import type * as shared_duma_engine from "../shared/duma/engine.js";
import type * as shared_duma_story from "../shared/duma/story.js";
import type * as shared_image_types from "../shared/image-types.js";
import type * as shared_mentions from "../shared/mentions.js";
import type * as shared_message_excerpt from "../shared/message-excerpt.js";
import type * as shared_message_extras from "../shared/message-extras.js";
import type * as shared_moderation_validators from "../shared/moderation-validators.js";
import type * as shared_notifications from "../shared/notifications.js";
import type * as shared_profile_fields from "../shared/profile-fields.js";
import type * as shared_public_user from "../shared/public-user.js";
import type * as shared_search from "../shared/search.js";
import type * as shared_text from "../shared/text.js";
import type * as shared_typing_signal from "../shared/typing-signal.js";
import type * as shared_validators from "../shared/validators.js";
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
  accountDeletion: typeof accountDeletion;
  accountSettings: typeof accountSettings;
  auth: typeof auth;
  bookComments: typeof bookComments;
  books: typeof books;
  cascade: typeof cascade;
  chatMessages: typeof chatMessages;
  chatPresence: typeof chatPresence;
  chatRoomReads: typeof chatRoomReads;
  chats: typeof chats;
  conversations: typeof conversations;
  crons: typeof crons;
  dataExport: typeof dataExport;
  dataExportBuild: typeof dataExportBuild;
  deploymentSettings: typeof deploymentSettings;
  devMailbox: typeof devMailbox;
  duma: typeof duma;
  files: typeof files;
  friends: typeof friends;
  http: typeof http;
  itemCounts: typeof itemCounts;
  "lib/account-deletion/batches": typeof lib_account_deletion_batches;
  "lib/account-deletion/constants": typeof lib_account_deletion_constants;
  "lib/account-deletion/finish": typeof lib_account_deletion_finish;
  "lib/account-deletion/password-check": typeof lib_account_deletion_password_check;
  "lib/account-deletion/stages": typeof lib_account_deletion_stages;
  "lib/account-deletion/start": typeof lib_account_deletion_start;
  "lib/account-settings": typeof lib_account_settings;
  "lib/allowance": typeof lib_allowance;
  "lib/auth-email": typeof lib_auth_email;
  "lib/auth-options": typeof lib_auth_options;
  "lib/auth": typeof lib_auth;
  "lib/chat-limits": typeof lib_chat_limits;
  "lib/chats": typeof lib_chats;
  "lib/clock": typeof lib_clock;
  "lib/comments": typeof lib_comments;
  "lib/conversations": typeof lib_conversations;
  "lib/counters": typeof lib_counters;
  "lib/creators": typeof lib_creators;
  "lib/data-export/build": typeof lib_data_export_build;
  "lib/data-export/download": typeof lib_data_export_download;
  "lib/data-export/sections": typeof lib_data_export_sections;
  "lib/data-export/status": typeof lib_data_export_status;
  "lib/data-export/zip-writer": typeof lib_data_export_zip_writer;
  "lib/deployment-settings": typeof lib_deployment_settings;
  "lib/functions": typeof lib_functions;
  "lib/images": typeof lib_images;
  "lib/item-counts": typeof lib_item_counts;
  "lib/likes": typeof lib_likes;
  "lib/mail-limits": typeof lib_mail_limits;
  "lib/mail": typeof lib_mail;
  "lib/mentions": typeof lib_mentions;
  "lib/message-edits": typeof lib_message_edits;
  "lib/message-pictures": typeof lib_message_pictures;
  "lib/message-replies": typeof lib_message_replies;
  "lib/moderation/actions": typeof lib_moderation_actions;
  "lib/moderation/audit": typeof lib_moderation_audit;
  "lib/moderation/content-removal": typeof lib_moderation_content_removal;
  "lib/moderation/now": typeof lib_moderation_now;
  "lib/moderation/removal-kinds": typeof lib_moderation_removal_kinds;
  "lib/moderation/report-limits": typeof lib_moderation_report_limits;
  "lib/moderation/reported-items": typeof lib_moderation_reported_items;
  "lib/moderation/roles": typeof lib_moderation_roles;
  "lib/moderation/suspensions": typeof lib_moderation_suspensions;
  "lib/moderation/targets": typeof lib_moderation_targets;
  "lib/newest-first-page": typeof lib_newest_first_page;
  "lib/notifications/counts": typeof lib_notifications_counts;
  "lib/notifications/fold": typeof lib_notifications_fold;
  "lib/notifications/moderation-notices": typeof lib_notifications_moderation_notices;
  "lib/notifications/preferences": typeof lib_notifications_preferences;
  "lib/notifications/record": typeof lib_notifications_record;
  "lib/notifications/remove": typeof lib_notifications_remove;
  "lib/notifications/validators": typeof lib_notifications_validators;
  "lib/notifications/view": typeof lib_notifications_view;
  "lib/orphan-sweep/kinds": typeof lib_orphan_sweep_kinds;
  "lib/orphan-sweep/parents": typeof lib_orphan_sweep_parents;
  "lib/orphan-sweep/sweep": typeof lib_orphan_sweep_sweep;
  "lib/page-size": typeof lib_page_size;
  "lib/password-provider": typeof lib_password_provider;
  "lib/post-feed": typeof lib_post_feed;
  "lib/presence-component": typeof lib_presence_component;
  "lib/presence-online": typeof lib_presence_online;
  "lib/presence-ticket": typeof lib_presence_ticket;
  "lib/profile-lookup": typeof lib_profile_lookup;
  "lib/profiles": typeof lib_profiles;
  "lib/reactions": typeof lib_reactions;
  "lib/reset-mail": typeof lib_reset_mail;
  "lib/room-reads": typeof lib_room_reads;
  "lib/search/profiles": typeof lib_search_profiles;
  "lib/search/query": typeof lib_search_query;
  "lib/search/text": typeof lib_search_text;
  "lib/sign-in-backoff": typeof lib_sign_in_backoff;
  "lib/stream-page": typeof lib_stream_page;
  "lib/typing": typeof lib_typing;
  "lib/upload-limits": typeof lib_upload_limits;
  "lib/uploads": typeof lib_uploads;
  "lib/views": typeof lib_views;
  mail: typeof mail;
  mailAllowances: typeof mailAllowances;
  mentions: typeof mentions;
  messageReactions: typeof messageReactions;
  messages: typeof messages;
  migrations: typeof migrations;
  moderation: typeof moderation;
  moderationLists: typeof moderationLists;
  moderationSweep: typeof moderationSweep;
  notificationPreferences: typeof notificationPreferences;
  notifications: typeof notifications;
  orphanSweep: typeof orphanSweep;
  pendingSignUps: typeof pendingSignUps;
  postComments: typeof postComments;
  posts: typeof posts;
  profiles: typeof profiles;
  reports: typeof reports;
  search: typeof search;
  "shared/auth-messages": typeof shared_auth_messages;
  "shared/avatars": typeof shared_avatars;
  "shared/chat-texts": typeof shared_chat_texts;
  "shared/data-export": typeof shared_data_export;
  "shared/duma/cards": typeof shared_duma_cards;
  "shared/duma/engine": typeof shared_duma_engine;
  "shared/duma/story": typeof shared_duma_story;
  "shared/image-types": typeof shared_image_types;
  "shared/mentions": typeof shared_mentions;
  "shared/message-excerpt": typeof shared_message_excerpt;
  "shared/message-extras": typeof shared_message_extras;
  "shared/moderation-validators": typeof shared_moderation_validators;
  "shared/notifications": typeof shared_notifications;
  "shared/profile-fields": typeof shared_profile_fields;
  "shared/public-user": typeof shared_public_user;
  "shared/search": typeof shared_search;
  "shared/text": typeof shared_text;
  "shared/typing-signal": typeof shared_typing_signal;
  "shared/validators": typeof shared_validators;
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
  migrations: import("@convex-dev/migrations/_generated/component.js").ComponentApi<"migrations">;
  resend: import("@convex-dev/resend/_generated/component.js").ComponentApi<"resend">;
};
