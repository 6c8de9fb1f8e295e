/**
 * The chat rooms' texts, apart from lib/chats.ts so the client can show the same words without
 * importing the presence component.
 */
export const CHAT_NOT_FOUND = "Chat not found";
export const CHAT_NAME_REQUIRED = "Please enter a chat name.";
export const DEFAULT_CHAT_DESCRIPTION = "Join the conversation!";
export const NOT_CHAT_CREATOR = "Only the creator can delete this chat.";
export const CHAT_CREATE_TOO_FAST = "You are creating chats too fast. Wait a few minutes.";
export const CHAT_MESSAGE_REQUIRED = "Message cannot be empty.";
export const CHAT_MESSAGE_TOO_LONG = "Messages can be at most 2000 characters.";
export const CHAT_MESSAGE_NOT_FOUND = "Message not found.";
export const NOT_YOUR_CHAT_MESSAGE = "You can only delete your own messages.";
