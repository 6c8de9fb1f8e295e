import { useState } from "react";
import { readSelectedCategories, toggleCategory, writeSelectedCategories } from "../category-storage";
import { CATEGORIES, type PostCategory } from "../post-categories";

function browserStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The feed's category filter, remembered in local storage under `selectedCategories` (seed §7). */
export function useSelectedCategories() {
  const [selected, setSelected] = useState<PostCategory[]>(() => readSelectedCategories(browserStorage()));

  function choose(next: PostCategory[]) {
    setSelected(next);
    writeSelectedCategories(browserStorage(), next);
  }

  return {
    selected,
    toggle: (category: PostCategory) => choose(toggleCategory(selected, category)),
    selectAll: () => choose([...CATEGORIES]),
    selectNone: () => choose([]),
  };
}
