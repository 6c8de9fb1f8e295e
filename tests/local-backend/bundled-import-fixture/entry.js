// Written as packages built for bundlers are: an own file imported without its extension.
import { base } from "./base";
export const answer = base + 1;
