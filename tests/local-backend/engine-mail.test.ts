/**
 * Outgoing mail on the local backend (issue 30): the app with the @convex-dev/resend component
 * (and the workpools and rate limiter it brings) starts, mail lands in the dev mailbox, and with
 * RESEND_API_KEY set instead a sign-up's mail goes through the component's queue and workpool to
 * Resend's batch endpoint (a fake fetch here), as on a Convex deployment.
 */
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { openEngine } from "../../local-backend/engine/open-engine";
import type { Engine } from "../../local-backend/engine/types";
import { removeTemporaryDataDirs, temporaryDataDir, URLS } from "./engine-test-env";

afterEach(() => {
  vi.unstubAllGlobals();
});
afterAll(removeTemporaryDataDirs);

type MailboxMessage = { to: string; subject: string; text?: string; code?: string; link?: string };
type ResendBatch = { from: string; to: string[]; subject: string; text: string; html: string }[];

const signUp = (engine: Engine, email: string) =>
  engine.runAction(
    "auth:signIn",
    { provider: "password", params: { flow: "signUp", email, password: "secret-1" } },
    null,
  );

describe("mail on the local backend", () => {
  it("starts with the resend component and puts a sign-up's code in the dev mailbox", async () => {
    const engine = await openEngine({ dataDir: temporaryDataDir(), ...URLS });
    await signUp(engine, "dora@example.com");
    const [mail] = (await engine.runQuery("devMailbox:list", {}, null)) as MailboxMessage[];
    expect(mail).toMatchObject({ to: "dora@example.com", code: expect.stringMatching(/^\d{8}$/) });
    expect(mail?.text).toContain(mail?.code ?? "no code");
    await engine.close();
  }, 30_000);

  it("sends through the component's queue and workpool to Resend when RESEND_API_KEY is set", async () => {
    const engine = await openEngine({ dataDir: temporaryDataDir(), ...URLS });
    await engine.updateEnvironment([
      { name: "AUTH_DEV_MAILBOX", value: null },
      { name: "RESEND_API_KEY", value: "re_fake" },
      { name: "AUTH_EMAIL_FROM", value: "DUMY <mail@dumy.example>" },
    ]);
    const calls: { url: string; authorization: string | null; body: ResendBatch }[] = [];
    vi.stubGlobal("fetch", async (url: string | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as ResendBatch;
      calls.push({ url: String(url), authorization: new Headers(init?.headers).get("Authorization"), body });
      const data = body.map((_, n) => ({ id: `resend-${n}` }));
      return new Response(JSON.stringify({ data }), { status: 200, headers: { "Content-Type": "application/json" } });
    });

    await signUp(engine, "eve@example.com");

    const deadline = Date.now() + 15_000;
    while (calls.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: "https://api.resend.com/emails/batch", authorization: "Bearer re_fake" });
    expect(calls[0]?.body[0]).toMatchObject({ to: ["eve@example.com"], from: "DUMY <mail@dumy.example>" });
    expect(calls[0]?.body[0]?.text).toMatch(/\b\d{8}\b/);
    await engine.close();
  }, 30_000);
});
