/**
 * How long one typing signal lasts: the client renews it every ~2 s while typing, so it outlives
 * a missed "false". Shared by the server (chatPresence.setTyping) and the room page, which counts
 * it from when the signal reaches the browser.
 */
export const TYPING_SIGNAL_MS = 6_000;
