/**
 * The name the presence hook's tab-close beacon calls: `usePresence` posts
 * `{ path: "presence:disconnect" }` to `/api/mutation` whatever API object it was given, so
 * this module must exist for people to leave a room the moment they close its tab.
 */
export { disconnect } from "./chatPresence";
