/**
 * Vite plugin: lets the bundler drop the parts of React Router the app never uses. Its module
 * creates components and contexts at the top level (`var Form = React.forwardRef(…)`, then
 * `Form.displayName = "Form"`); the bundler must keep a call it cannot prove pure and a property
 * write, so <Form>, useSubmit and the form-encoding helpers stayed in the first download although
 * nothing renders them (about 1.2 KB gzip). Marking those calls pure and leaving out the
 * displayName writes (React DevTools labels only; the components keep their function names) frees
 * them. Build only; like tree-shake-components.ts, the generated code is rewritten at build time.
 */
import type { Plugin } from "vite";

const REACT_ROUTER_FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/;
const TOP_LEVEL_REACT_CALL = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;
const TOP_LEVEL_DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

export function reactRouterPurePlugin(): Plugin {
  return {
    name: "dumy:react-router-pure",
    apply: "build",
    transform(code, id) {
      if (!REACT_ROUTER_FILE.test(id)) return null;
      const pure = code.replace(TOP_LEVEL_REACT_CALL, "$1/* @__PURE__ */ $2").replace(TOP_LEVEL_DISPLAY_NAME, "");
      return { code: pure, map: null };
    },
  };
}
