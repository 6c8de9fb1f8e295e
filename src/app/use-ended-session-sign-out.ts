import { useAuthActions, useAuthToken } from "@convex-dev/auth/react";
import { useConvexAuth, useQuery } from "convex/react";
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "@/config/paths";
import { noteSignOutOnPurpose } from "@/lib/sign-out-intent";
import { api } from "@convex/_generated/api";

const SIGNED_OUT_HERE = "You were signed out on this device.";

/**
 * How long the viewer must stay null under the same token before this device signs out. A
 * sign-in that replaces a session (a reset link opened while signed in) deletes the old session
 * a moment before the new token arrives; the new token restarts the wait and its viewer ends it.
 */
const GRACE_MS = 1000;

/**
 * Signs this device out the moment its session ends elsewhere (Sign out of all other devices, a
 * password change, a deleted account). Convex Auth's token stays valid for up to an hour after
 * its session is deleted, but `users.viewer` reads the session and turns null at once
 * (convex/lib/auth.ts, sessionUser), so the device drops its tokens, goes to /login and says why.
 */
export function useEndedSessionSignOut(): void {
  const { isAuthenticated } = useConvexAuth();
  const viewer = useQuery(api.users.viewer, isAuthenticated ? {} : "skip");
  const token = useAuthToken();
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const ended = isAuthenticated && viewer === null;

  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(() => {
      // A plain /login: the page left behind belonged to the session that ended.
      noteSignOutOnPurpose();
      void signOut().finally(() => {
        void navigate(paths.login.href(), { replace: true });
        // sonner loads lazily (the first download's budget); the toast waits for its Toaster.
        void import("sonner").then(({ toast }) => toast.info(SIGNED_OUT_HERE, { duration: 10_000 }));
      });
    }, GRACE_MS);
    return () => clearTimeout(timer);
  }, [ended, token, signOut, navigate]);
}
