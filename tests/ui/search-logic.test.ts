import { describe, expect, it } from "vitest";
import { highlightParts, searchTerms } from "@/features/search/highlight";
import { searchHref } from "@/features/search/search-href";
import { cutQuery, queryToAsk, readSearchAddress } from "@/features/search/search-params";
import { isSearchShortcut } from "@/features/search/search-shortcut";
import { SEARCH_MAX_CHARS } from "@convex/shared/search";

const marked = (text: string, query: string) =>
  highlightParts(text, searchTerms(query))
    .filter((part) => part.match)
    .map((part) => part.text);

describe("the search address", () => {
  it("reads the query, the tab and the category, and falls back on anything unknown", () => {
    expect(readSearchAddress(new URLSearchParams("q=dune&type=books"))).toEqual({
      typed: "dune",
      cut: false,
      kind: "books",
      category: null,
    });
    expect(readSearchAddress(new URLSearchParams("type=nope&category=poems"))).toMatchObject({
      typed: "",
      kind: "all",
      category: null,
    });
    expect(readSearchAddress(new URLSearchParams("type=posts&category=art")).category).toBe("art");
  });

  it("builds links that read back the same", () => {
    expect(searchHref()).toBe("/search");
    expect(searchHref("a & b", "all")).toBe("/search?q=a+%26+b");
    const href = searchHref("sea", "posts", "science");
    expect(readSearchAddress(new URLSearchParams(href.split("?")[1]))).toEqual({
      typed: "sea",
      cut: false,
      kind: "posts",
      category: "science",
    });
  });

  it("cuts a 5,000-character query to the limit, and never in half of an emoji", () => {
    expect(cutQuery("x".repeat(5000))).toEqual({ text: "x".repeat(SEARCH_MAX_CHARS), cut: true });
    const emojiAcrossTheLimit = "x".repeat(SEARCH_MAX_CHARS - 1) + "😀";
    const { text, cut } = cutQuery(emojiAcrossTheLimit);
    expect(cut).toBe(true);
    expect(text).toBe("x".repeat(SEARCH_MAX_CHARS - 1));
    expect(cutQuery("short")).toEqual({ text: "short", cut: false });
  });

  it("asks nothing for fewer than 2 characters after trimming", () => {
    expect(queryToAsk("")).toBeNull();
    expect(queryToAsk("  a  ")).toBeNull();
    expect(queryToAsk(" ab ")).toBe("ab");
    expect(queryToAsk("x".repeat(5000))).toHaveLength(SEARCH_MAX_CHARS);
  });
});

describe("highlights", () => {
  it("marks the words that start with a word of the query, whatever the case", () => {
    expect(marked("The Dragon of Drago Bay", "drag bay")).toEqual(["Dragon", "Drago", "Bay"]);
    expect(marked("Nothing here", "dragon")).toEqual([]);
  });

  it("keeps the whole text, in order", () => {
    const parts = highlightParts("A sea, the Sea!", searchTerms("sea"));
    expect(parts.map((part) => part.text).join("")).toBe("A sea, the Sea!");
    expect(parts.filter((part) => part.match)).toHaveLength(2);
  });

  it("treats HTML as text and marks only words", () => {
    // "<b>" is the word "b": it marks words starting with b, never a tag.
    expect(marked("<b>bold</b> move", "<b>")).toEqual(["b", "bold", "b"]);
    expect(searchTerms("<script>alert(1)</script>")).toEqual(["script", "alert", "1"]);
  });

  it("finds no words in punctuation or emoji alone, so nothing is marked", () => {
    expect(searchTerms("?!…")).toEqual([]);
    expect(searchTerms("😀🎉")).toEqual([]);
    expect(highlightParts("Party 🎉 time", searchTerms("🎉"))).toEqual([{ text: "Party 🎉 time", match: false }]);
  });

  it("marks letters of any script", () => {
    expect(marked("Война и мир", "вой")).toEqual(["Война"]);
  });
});

describe("the search shortcut", () => {
  const key = (key: string, changes: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    isComposing: false,
    target,
    ...changes,
  });

  it("is / alone or Ctrl+K / ⌘+K outside text fields", () => {
    expect(isSearchShortcut(key("/"))).toBe(true);
    expect(isSearchShortcut(key("/", { shiftKey: true }))).toBe(true);
    expect(isSearchShortcut(key("k", { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key("k", { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key("k"))).toBe(false);
  });

  it("is not with other modifiers", () => {
    expect(isSearchShortcut(key("/", { ctrlKey: true }))).toBe(false);
    expect(isSearchShortcut(key("/", { altKey: true }))).toBe(false);
    expect(isSearchShortcut(key("k", { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchShortcut(key("k", { ctrlKey: true, metaKey: true }))).toBe(false);
    expect(isSearchShortcut(key("k", { ctrlKey: true, altKey: true }))).toBe(false);
  });

  it("leaves typing alone: text fields, text areas, selects and editable text", () => {
    const input = document.createElement("input");
    const checkbox = Object.assign(document.createElement("input"), { type: "checkbox" });
    const editable = document.createElement("div");
    editable.contentEditable = "true";
    // jsdom does not compute isContentEditable from the attribute.
    Object.defineProperty(editable, "isContentEditable", { value: true });
    expect(isSearchShortcut(key("/", {}, input))).toBe(false);
    expect(isSearchShortcut(key("/", {}, document.createElement("textarea")))).toBe(false);
    expect(isSearchShortcut(key("k", { ctrlKey: true }, document.createElement("select")))).toBe(false);
    expect(isSearchShortcut(key("/", {}, editable))).toBe(false);
    // Any input counts, checkboxes too: simpler, for a shortcut in everyone's first download.
    expect(isSearchShortcut(key("/", {}, checkbox))).toBe(false);
    expect(isSearchShortcut(key("/", {}, document.createElement("button")))).toBe(true);
  });

  it("leaves an input method's composition alone", () => {
    expect(isSearchShortcut(key("/", { isComposing: true }))).toBe(false);
  });
});
