import { useAuthActions } from "@convex-dev/auth/react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "@/config/paths";
import { noteSignOutOnPurpose } from "../lib/sign-out-intent";

/**
 * Log Out from a page (the profile page's button): signs out and lands on a plain /login. The top
 * bar keeps its own copy (useTopBarLogOut in src/app/top-bar.tsx, which says why).
 */
export function useLogOut() {
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function logOut() {
    setSigningOut(true);
    try {
      noteSignOutOnPurpose();
      await signOut();
      await navigate(paths.login.href(), { replace: true });
    } finally {
      setSigningOut(false);
    }
  }

  return { logOut, signingOut };
}
