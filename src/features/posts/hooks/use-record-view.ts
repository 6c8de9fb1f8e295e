import { useMutation } from "convex/react";
import { useEffect, useRef } from "react";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";

/** Counts one view per visit of a post (the server also ignores quick reloads by the same person). */
export function useRecordView(postId: Id<"posts"> | undefined) {
  const recordView = useMutation(api.posts.recordView);
  // Survives React's development double-run of effects, so a visit counts once.
  const recordedFor = useRef<Id<"posts"> | null>(null);
  useEffect(() => {
    if (postId === undefined || recordedFor.current === postId) return;
    recordedFor.current = postId;
    recordView({ postId }).catch(() => {
      // A view that failed to count is not worth interrupting the reader for.
    });
  }, [postId, recordView]);
}
