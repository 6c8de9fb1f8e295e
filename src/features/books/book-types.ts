import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";

/** A book as the board and "other books" lists show it. */
export type BookCardData = FunctionReturnType<typeof api.books.page>["books"][number];
/** A book as the details and edit pages show it. */
export type BookDetails = NonNullable<FunctionReturnType<typeof api.books.get>>;
/** A comment under a book. */
export type BookComment = FunctionReturnType<typeof api.bookComments.list>["page"][number];
