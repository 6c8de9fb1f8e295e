import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  posts: defineTable({ text: v.string(), category: v.optional(v.string()) }).searchIndex("search_text", {
    searchField: "text",
    filterFields: ["category"],
  }),
});
