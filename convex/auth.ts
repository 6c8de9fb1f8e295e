import Google from "@auth/core/providers/google";
import { convexAuth, type AuthProviderConfig } from "@convex-dev/auth/server";
import type { MutationCtx } from "./_generated/server";
import { googleConfigured } from "./lib/auth-options";
import { passwordProvider } from "./lib/password-provider";
import { createProfileOnceVerified } from "./lib/profiles";

// Google only when the deployment has its credentials (PRODUCT D7): no button that cannot work.
const providers: AuthProviderConfig[] = [passwordProvider];
if (googleConfigured()) providers.push(Google);

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
  providers,
  // Convex Auth's own limit locks an account (and its codes) for everyone after 10 failures an
  // hour, so any stranger can lock its owner out. Our provider backs off per client and
  // address instead (lib/sign-in-backoff.ts); this only stays as a far-off ceiling.
  signIn: { maxFailedAttempsPerHour: 1000 },
  callbacks: {
    // Runs on every account write, also at sign-up before the address is proved; the helper
    // makes the profile only once the user is verified (the accepted code, or Google).
    async afterUserCreatedOrUpdated(ctx, { userId }) {
      await createProfileOnceVerified(ctx as unknown as MutationCtx, userId);
    },
  },
});
