import { LIMITS } from "@convex/shared/text";

/** The server's text limits for books, mirrored as maxLength on the fields (the server checks anyway). */
export const BOOK_LIMITS = {
  title: LIMITS.title,
  description: LIMITS.description,
  contact: LIMITS.contact,
  url: LIMITS.url,
  comment: LIMITS.comment,
} as const;

/** Seed §5: the message for a book without a title or cover. */
export const TITLE_AND_IMAGE_REQUIRED = "Title and image are required";
