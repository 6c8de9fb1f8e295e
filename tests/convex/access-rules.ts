/**
 * The vocabulary of the access matrix (access-matrix.test.ts): how a public function may be
 * called, and the scene its arguments are built in.
 */
import type { Id } from "../../convex/_generated/dataModel";
import { NOT_OWNER } from "../../convex/lib/auth";
import type { TestBackend } from "./test-env";

type Client = ReturnType<TestBackend["withIdentity"]>;
export type Args = Record<string, unknown>;

/** A fresh backend with one verified user, the owner of whatever the setup creates. */
export type Scene = { t: TestBackend; owner: { userId: Id<"users">; as: Client } };

/** Builds a function's arguments in a scene: creates the book, post, comment, upload… it acts on. */
export type Setup = (scene: Scene) => Args | Promise<Args>;

/** What a verified user who does not own the thing gets: an error with this text, or null. */
export type Refusal = string | RegExp | { returns: null };

export type AccessRule =
  | { kind: "verified"; setup: Setup }
  | { kind: "owner"; setup: Setup; refusal: Refusal }
  | { kind: "open"; reason: string };

/**
 * Any verified user may call it (anonymous and unverified callers are refused); the setup's
 * arguments must succeed for a verified user, which proves they are valid.
 */
export function anyVerifiedUser(setup: Setup): AccessRule {
  return { kind: "verified", setup };
}

/**
 * Only the owner (author, creator, participant…) of what the arguments name may call it.
 * The setup creates that thing as `scene.owner`; another verified user must get `refusal`.
 */
export function ownerOnly(setup: Setup, refusal: Refusal = NOT_OWNER): AccessRule {
  return { kind: "owner", setup, refusal };
}

/** Callable without a verified login on purpose; the reason is the review trail. */
export function openToAnyone(reason: string): AccessRule {
  return { kind: "open", reason };
}

/**
 * Moderation functions (issue 16): the scene's owner is given `role` before the setup runs, and
 * an ordinary verified user is refused with `refusal` (NOT_MODERATOR or NOT_ADMIN). Suspended
 * moderators are checked function by function in moderation.test.ts.
 */
export function staffOnly(role: "moderator" | "admin", setup: Setup, refusal: Refusal): AccessRule {
  return ownerOnly(async (scene) => {
    await scene.t.run(async (ctx) => {
      await ctx.db.insert("roles", { userId: scene.owner.userId, role });
    });
    return await setup(scene);
  }, refusal);
}
