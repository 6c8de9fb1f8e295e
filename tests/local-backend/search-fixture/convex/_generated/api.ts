// The engine test's functions use references by name; convex-test only needs this folder to exist.
export { anyApi as api, anyApi as internal } from "convex/server";
