import { describe, expect, it } from "vitest";
import { nameWithQuote } from "@/lib/name-with-quote";

describe("nameWithQuote", () => {
  it("quotes a short text whole, on one line", () => {
    expect(nameWithQuote("Delete message", "See you\n  at eight ")).toBe("Delete message “See you at eight”");
  });

  it("cuts a long text after 40 characters, never inside an emoji", () => {
    const text = `${"a".repeat(39)}😀 and much more`;
    expect(nameWithQuote("Report comment", text)).toBe(`Report comment “${"a".repeat(39)}😀…”`);
  });

  it("leaves the name alone for a blank text", () => {
    expect(nameWithQuote("Delete message", "  ")).toBe("Delete message");
  });
});
