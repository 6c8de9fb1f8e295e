import { userMutation } from "./lib/functions";

/** A one-time URL the browser POSTs an image to (PRODUCT D3); only verified users may upload. */
export const generateUploadUrl = userMutation({
  args: {},
  handler: async (ctx) => await ctx.storage.generateUploadUrl(),
});
