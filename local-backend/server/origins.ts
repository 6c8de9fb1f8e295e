/**
 * Which web pages may talk to the local backend. A browser lets any website send requests to
 * 127.0.0.1 and open WebSockets there; answering them all would let any site read the dev
 * mailbox (everyone's verification codes) or act with a signed-in developer's data. Allowed:
 * the backend's own origin (under both 127.0.0.1 and localhost), the Vite dev origin in
 * `npm run dev`, and origins given with `--allow-origin`. Requests without an Origin header
 * (Node clients, curl, same-origin reads) are not from another website and pass.
 */
export class AllowedOrigins {
  private readonly origins: Set<string>;

  constructor(ownUrl: string, extra: readonly string[] = []) {
    this.origins = new Set([...aliases(ownUrl), ...extra.flatMap(aliases)]);
  }

  allows(origin: string | undefined): boolean {
    return origin === undefined || this.origins.has(origin.toLowerCase());
  }

  /** The one-line refusal, saying how to allow the origin on purpose. */
  static refusal(origin: string): string {
    return `The local backend does not answer pages from ${origin}. To allow them, start it with --allow-origin ${origin}`;
  }
}

/** "http://127.0.0.1:3210/" → its origin, plus the same port on localhost (and the reverse). */
function aliases(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const origin = parsed.origin.toLowerCase();
  const loopback = ["127.0.0.1", "localhost", "[::1]"];
  if (!loopback.includes(parsed.hostname)) return [origin];
  return loopback.map((host) => `${parsed.protocol}//${host}${parsed.port === "" ? "" : `:${parsed.port}`}`);
}
