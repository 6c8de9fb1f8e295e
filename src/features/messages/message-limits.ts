import { LIMITS } from "@convex/shared/text";

/** The server's limit on one private message, so the box can say so before sending. */
export const MESSAGE_MAX_LENGTH = LIMITS.message;
