import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";

/** What this deployment offers (Google button, dev mailbox hint); both off while loading. */
export function useSignInOptions(): { google: boolean; devMailbox: boolean } {
  return useQuery(api.users.signInOptions, {}) ?? { google: false, devMailbox: false };
}
