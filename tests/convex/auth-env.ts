/** Environment Convex Auth needs in convex-test: signing keys, URLs, and the mail transport. */
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";

export const TEST_SITE_URL = "http://127.0.0.1:5173";

const MAIL_VARIABLES = [
  "AUTH_DEV_MAILBOX",
  "RESEND_API_KEY",
  "AUTH_EMAIL_FROM",
  "AUTH_GOOGLE_ID",
  "AUTH_GOOGLE_SECRET",
];

let keys: { JWT_PRIVATE_KEY: string; JWKS: string } | null = null;

/** Sets JWT keys (made once per file), SITE_URL and the dev mailbox; clears the other mail settings. */
export async function useAuthEnvironment(): Promise<void> {
  if (keys === null) {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    keys = {
      JWT_PRIVATE_KEY: await exportPKCS8(privateKey),
      JWKS: JSON.stringify({ keys: [{ use: "sig", alg: "RS256", ...(await exportJWK(publicKey)) }] }),
    };
  }
  process.env.JWT_PRIVATE_KEY = keys.JWT_PRIVATE_KEY;
  process.env.JWKS = keys.JWKS;
  process.env.SITE_URL = TEST_SITE_URL;
  process.env.CONVEX_SITE_URL = TEST_SITE_URL;
  for (const name of MAIL_VARIABLES) delete process.env[name];
  process.env.AUTH_DEV_MAILBOX = "1";
}
