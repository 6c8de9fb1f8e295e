import { afterEach, describe, expect, it } from "vitest";
import { forgetSignOutOnPurpose, noteSignOutOnPurpose, wasSignedOutOnPurpose } from "@/lib/sign-out-intent";

afterEach(() => forgetSignOutOnPurpose());

describe("a sign-out on purpose", () => {
  it("is kept while the session is authenticated but its user is gone (a deleted account)", () => {
    noteSignOutOnPurpose();
    expect(wasSignedOutOnPurpose(false)).toBe(true);
    expect(wasSignedOutOnPurpose(false)).toBe(true);
  });

  it("is forgotten once someone is signed in with their user", () => {
    noteSignOutOnPurpose();
    expect(wasSignedOutOnPurpose(true)).toBe(false);
    expect(wasSignedOutOnPurpose(false)).toBe(false);
  });

  it("is forgotten when the deletion it was for is refused", () => {
    noteSignOutOnPurpose();
    forgetSignOutOnPurpose();
    expect(wasSignedOutOnPurpose(false)).toBe(false);
  });
});
