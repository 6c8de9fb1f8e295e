import { describe, expect, it } from "vitest";
import { POST_CATEGORIES } from "../../convex/shared/validators";
import {
  readSelectedCategories,
  SELECTED_CATEGORIES_KEY,
  toggleCategory,
  writeSelectedCategories,
} from "@/features/posts/category-storage";
import { CATEGORIES } from "@/features/posts/post-categories";

function fakeStorage(initial?: string) {
  const items = new Map<string, string>(initial === undefined ? [] : [[SELECTED_CATEGORIES_KEY, initial]]);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe("the remembered category filter", () => {
  it("lists the same six categories as the server, in the same order", () => {
    expect(CATEGORIES).toEqual(POST_CATEGORIES);
  });

  it("starts with every category on a first visit or when storage is unreadable or blocked", () => {
    expect(readSelectedCategories(fakeStorage())).toEqual([...CATEGORIES]);
    expect(readSelectedCategories(fakeStorage("not json"))).toEqual([...CATEGORIES]);
    expect(readSelectedCategories(fakeStorage('{"science":true}'))).toEqual([...CATEGORIES]);
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(readSelectedCategories(blocked)).toEqual([...CATEGORIES]);
    expect(readSelectedCategories(undefined)).toEqual([...CATEGORIES]);
  });

  it("keeps a saved choice, including none, and drops names it does not know", () => {
    const storage = fakeStorage();
    writeSelectedCategories(storage, ["science", "art"]);
    expect(storage.items.get("selectedCategories")).toBe('["science","art"]');
    expect(readSelectedCategories(storage)).toEqual(["science", "art"]);
    expect(readSelectedCategories(fakeStorage("[]"))).toEqual([]);
    expect(readSelectedCategories(fakeStorage('["cooking","art","art"]'))).toEqual(["art"]);
  });

  it("toggles one category and keeps the enumeration's order", () => {
    expect(toggleCategory(["art"], "science")).toEqual(["science", "art"]);
    expect(toggleCategory(["science", "art"], "science")).toEqual(["art"]);
  });
});
