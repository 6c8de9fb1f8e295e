import { describe, expect, test } from "vitest";
import { newBackend } from "./test-env";
import { requireVerifiedUser } from "../../convex/lib/auth";

describe("requireVerifiedUser", () => {
  test("rejects anonymous callers", async () => {
    const t = newBackend();
    await expect(t.run((ctx) => requireVerifiedUser(ctx))).rejects.toThrow(/logged in/);
  });
});
