// A stand-in for generated code: the fixture's functions use references by name, and convex-test
// only needs this folder to exist. `components` is untyped, as a fixture cannot run codegen.
export { anyApi as api, anyApi as internal } from "convex/server";
import { componentsGeneric } from "convex/server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const components: any = componentsGeneric();
