import type { Id } from "../_generated/dataModel";

/** What other users may see of a person next to their content: never the e-mail. */
export type PublicUser = {
  userId: Id<"users">;
  displayName: string;
  photoURL: string | null;
};
