/** The @mention draft's bookkeeping (src/components/mentions/mention-draft.ts). */
import { describe, expect, it } from "vitest";
import { activeMentionQuery, insertMention, shiftMentions } from "@/components/mentions/mention-draft";
import type { Id } from "@convex/_generated/dataModel";
import type { Mention } from "@convex/shared/mentions";

const bob = "bob" as Id<"users">;
const ann = "ann" as Id<"users">;

describe("activeMentionQuery", () => {
  it("finds the @query ending at the caret, at the start or after a space", () => {
    expect(activeMentionQuery("@", 1)).toEqual({ start: 0, query: "" });
    expect(activeMentionQuery("hi @Al", 6)).toEqual({ start: 3, query: "Al" });
    expect(activeMentionQuery("hi @Bob Al", 10)).toEqual({ start: 3, query: "Bob Al" });
    expect(activeMentionQuery("line\n@Bo", 8)).toEqual({ start: 5, query: "Bo" });
  });

  it("ignores e-mail addresses, a third word, new lines and a caret elsewhere", () => {
    expect(activeMentionQuery("ann@example", 11)).toBeNull();
    expect(activeMentionQuery("@Bob Allen said", 15)).toBeNull();
    expect(activeMentionQuery("@Bob\nhi", 7)).toBeNull();
    expect(activeMentionQuery("@ x", 3)).toBeNull();
    expect(activeMentionQuery("@Al and more", 1)).toEqual({ start: 0, query: "" });
    expect(activeMentionQuery("plain", 5)).toBeNull();
  });
});

describe("insertMention", () => {
  it("puts '@Name ' in place of the query, records the span and moves later spans", () => {
    const later: Mention = { userId: ann, start: 7, length: 4 };
    const next = insertMention({ text: "hi @Bo @Ann", mentions: [later] }, 3, 6, {
      userId: bob,
      displayName: "Bob Allen",
    });
    expect(next.text).toBe("hi @Bob Allen  @Ann");
    expect(next.caret).toBe(14);
    expect(next.mentions).toEqual([
      { userId: bob, start: 3, length: 10 },
      { userId: ann, start: 15, length: 4 },
    ]);
  });
});

describe("shiftMentions", () => {
  const text = "hi @Bob there";
  const spans: Mention[] = [{ userId: bob, start: 3, length: 4 }];

  it("keeps a span when the edit is after it", () => {
    expect(shiftMentions(text, "hi @Bob there!", spans, 14)).toEqual(spans);
    expect(shiftMentions(text, "hi @Bobx there", spans, 8)).toEqual(spans);
  });

  it("moves a span when the edit is before it", () => {
    expect(shiftMentions(text, "oh hi @Bob there", spans, 3)).toEqual([{ userId: bob, start: 6, length: 4 }]);
    expect(shiftMentions(text, "i @Bob there", spans, 0)).toEqual([{ userId: bob, start: 2, length: 4 }]);
  });

  it("drops a span the edit touches", () => {
    expect(shiftMentions(text, "hi @Bb there", spans, 5)).toEqual([]);
    expect(shiftMentions(text, "hi there", spans, 3)).toEqual([]);
    expect(shiftMentions(text, "", spans, 0)).toEqual([]);
  });

  it("with the caret, typing '@' just before a span moves it instead of dropping it", () => {
    expect(shiftMentions(text, "hi @@Bob there", spans, 4)).toEqual([{ userId: bob, start: 4, length: 4 }]);
  });
});
