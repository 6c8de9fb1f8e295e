import { useQuery } from "convex/react";
import { Navigate } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { api } from "@convex/_generated/api";
import { useScreenTitle } from "@/hooks/use-screen-title";

/**
 * Seed §2: /account redirects to /account/{currentUserUid}. Rendered inside the guard; loaded
 * only when visited, like the screens, since few go there by that address.
 */
export default function AccountRedirect() {
  useScreenTitle("Profile");
  const viewer = useQuery(api.users.viewer);
  if (viewer === undefined) return <Spinner />;
  if (viewer === null) return <Navigate to={paths.login.href()} replace />;
  return <Navigate to={paths.accountOf.href(viewer.userId)} replace />;
}
