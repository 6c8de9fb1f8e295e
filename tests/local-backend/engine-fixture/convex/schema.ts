import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  notes: defineTable({ text: v.string() })
    .index("by_text", ["text"])
    .searchIndex("search_text", { searchField: "text" }),
  ticks: defineTable({ source: v.string() }),
  items: defineTable({ group: v.string(), rank: v.optional(v.number()) }).index("by_group_rank", ["group", "rank"]),
});
