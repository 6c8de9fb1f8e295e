import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({ counts: defineTable({ key: v.string(), total: v.number() }).index("by_key", ["key"]) });
