import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { NOT_SIGNED_IN, NOT_VERIFIED, requireVerifiedUser } from "../../convex/lib/auth";
import { newBackend, signedInUser } from "./test-env";

describe("requireVerifiedUser", () => {
  test("rejects anonymous callers", async () => {
    const t = newBackend();
    await expect(t.run((ctx) => requireVerifiedUser(ctx))).rejects.toThrow(/logged in/);
  });
});

// userQuery/userMutation wrap every feature function; books.page stands for all of them.
describe("userQuery wrapper", () => {
  test("rejects anonymous callers", async () => {
    const t = newBackend();
    await expect(t.query(api.books.page, { cursor: null })).rejects.toThrow(NOT_SIGNED_IN);
  });

  test("rejects signed-in users whose e-mail is not verified", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t, { verified: false });
    await expect(as.query(api.books.page, { cursor: null })).rejects.toThrow(NOT_VERIFIED);
  });

  test("lets verified users in", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    await expect(as.query(api.books.page, { cursor: null })).resolves.toBeDefined();
  });
});

describe("userMutation wrapper", () => {
  test("rejects anonymous and unverified callers", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t, { verified: false });
    const book = { title: "T", image: { url: "https://example.com/a.png" } };
    await expect(t.mutation(api.books.create, book)).rejects.toThrow(NOT_SIGNED_IN);
    await expect(as.mutation(api.books.create, book)).rejects.toThrow(NOT_VERIFIED);
  });
});
