import { useAuthActions } from "@convex-dev/auth/react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "@/config/paths";
import { noteSignOutOnPurpose } from "@/lib/sign-out-intent";

/** Log Out (the top bar's and the profile page's buttons): signs out and lands on a plain /login. */
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
