import { useConvexAuth, useQuery } from "convex/react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@convex/_generated/api";
import { decideGuardedRoute, decideSignInPage, type GuardDecision, type GuardInput } from "./guard-decision";
import { wasSignedOutOnPurpose } from "@/lib/sign-out-intent";

function useGuardInput(): GuardInput {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const viewer = useQuery(api.users.viewer, isAuthenticated ? {} : "skip");
  const { pathname, search } = useLocation();
  return {
    authLoading: isLoading,
    authenticated: isAuthenticated,
    viewer,
    pathname,
    search,
    signedOutOnPurpose: wasSignedOutOnPurpose(isAuthenticated && viewer !== undefined && viewer !== null),
  };
}

function Decision({ decision }: { decision: GuardDecision }) {
  if (decision.kind === "wait") return <Spinner />;
  if (decision.kind === "redirect") return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

/** Wraps every page that needs a verified login (PRODUCT D1). */
export function RequireVerifiedUser() {
  return <Decision decision={decideGuardedRoute(useGuardInput())} />;
}

/** Wraps /login and /register: signed-in, verified users continue to their `redirect` page. */
export function RedirectSignedInUser() {
  return <Decision decision={decideSignInPage(useGuardInput())} />;
}
