import { useConvexAuth, useQuery } from "convex/react";
import { lazy, Suspense } from "react";
import { api } from "@convex/_generated/api";

const NameStep = lazy(() => import("@/features/profiles/name-step"));

/** Shows the one-time name step (issue 17) to a verified user who has not named themselves or skipped it. */
export function NameStepGate() {
  const { isAuthenticated } = useConvexAuth();
  const viewer = useQuery(api.users.viewer, isAuthenticated ? {} : "skip");
  if (!viewer?.emailVerified || !viewer.needsName) return null;
  return (
    <div className="px-3 sm:px-6">
      <Suspense fallback={null}>
        <NameStep />
      </Suspense>
    </div>
  );
}
