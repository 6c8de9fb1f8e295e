import { describe, expect, it } from "vitest";
import { formatCount } from "@/lib/format";

describe("formatCount", () => {
  it("writes small counts as they are, without building a number formatter", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(7)).toBe("7");
    expect(formatCount(999)).toBe("999");
  });

  it("groups thousands as the reader's locale does", () => {
    expect(formatCount(1000)).toBe(new Intl.NumberFormat().format(1000));
    expect(formatCount(1234567)).toBe(new Intl.NumberFormat().format(1234567));
  });
});
