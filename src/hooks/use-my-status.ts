import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";

/**
 * The signed-in user's own standing (role, suspension), live: the layout swaps the page for the
 * suspended notice the moment a suspension is written, and moderators get their links. The
 * query answers anyone (null when signed out), so it needs no auth check here and never throws.
 * undefined while loading.
 */
export function useMyStatus() {
  return useQuery(api.moderation.myStatus);
}
