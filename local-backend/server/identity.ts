/**
 * Who a client is: its JWT checked the way `convex/auth.config.ts` asks. Convex Auth issues
 * the tokens itself (issuer = the deployment's CONVEX_SITE_URL, audience/applicationID
 * "convex") and signs them with JWT_PRIVATE_KEY; the public half is the JWKS in the engine's
 * environment. A token that is forged, expired or meant for someone else is refused.
 */
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";
import type { Identity } from "../engine/types";

/** convex/auth.config.ts: `{ domain: process.env.CONVEX_SITE_URL, applicationID: "convex" }`. */
const APPLICATION_ID = "convex";

/** OpenID claims Convex renames in the identity functions see (`ctx.auth.getUserIdentity()`). */
const RENAMED_CLAIMS: Record<string, string> = {
  given_name: "givenName",
  family_name: "familyName",
  preferred_username: "preferredUsername",
  profile: "profileUrl",
  picture: "pictureUrl",
  email_verified: "emailVerified",
  phone_number: "phoneNumber",
  phone_number_verified: "phoneNumberVerified",
  updated_at: "updatedAt",
};

/** Claims about the token itself rather than the user; functions do not see them. */
const TOKEN_CLAIMS = new Set(["sub", "iss", "aud", "exp", "iat", "nbf", "jti"]);

export type VerifiedToken = { identity: NonNullable<Identity>; expiresAt: number | null };

export class AuthenticationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AuthenticationError";
  }
}

export class TokenVerifier {
  private keys: ReturnType<typeof createLocalJWKSet> | null = null;
  private jwksText: string | null = null;
  private readonly issuer: string;

  /** `env` is the engine's live environment: a JWKS set with `npx convex env set` applies at once. */
  constructor(private readonly env: Record<string, string>) {
    this.issuer = env.CONVEX_SITE_URL ?? "";
  }

  /** The identity in `token`, or an AuthenticationError saying why it is refused. */
  async verify(token: string): Promise<VerifiedToken> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.currentKeys(), { issuer: this.issuer, audience: APPLICATION_ID }));
    } catch (error) {
      throw new AuthenticationError(describeFailure(error));
    }
    if (typeof payload.sub !== "string" || payload.sub === "") {
      throw new AuthenticationError("Could not verify token claim: the token has no subject (sub)");
    }
    return { identity: identityFrom(payload, payload.sub, this.issuer), expiresAt: payload.exp ?? null };
  }

  private currentKeys(): ReturnType<typeof createLocalJWKSet> {
    const text = this.env.JWKS ?? '{"keys":[]}';
    if (this.keys === null || text !== this.jwksText) {
      this.keys = createLocalJWKSet(JSON.parse(text) as JSONWebKeySet);
      this.jwksText = text;
    }
    return this.keys;
  }
}

function identityFrom(payload: JWTPayload, subject: string, issuer: string): NonNullable<Identity> {
  const identity: NonNullable<Identity> = { subject, issuer, tokenIdentifier: `${issuer}|${subject}` };
  for (const [claim, value] of Object.entries(payload)) {
    if (TOKEN_CLAIMS.has(claim)) continue;
    identity[RENAMED_CLAIMS[claim] ?? claim] = value;
  }
  return identity;
}

function describeFailure(error: unknown): string {
  if (error instanceof errors.JWTExpired) return "Token expired";
  if (error instanceof errors.JWTClaimValidationFailed) return `Could not verify token claim: ${error.message}`;
  if (error instanceof errors.JOSEError) return `Could not verify OIDC token: ${error.message}`;
  return "Could not verify OIDC token";
}

/** A stable key for "the same caller", used to share query results between connections. */
export function identityKey(identity: Identity): string {
  return identity === null ? "anonymous" : JSON.stringify(identity);
}
