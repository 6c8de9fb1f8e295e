import js from "@eslint/js";
import convexPlugin from "@convex-dev/eslint-plugin";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import { readdirSync } from "node:fs";
import path from "node:path";
import tseslint from "typescript-eslint";

const FEATURES = readdirSync(path.join(import.meta.dirname, "src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The layers of docs/architecture.md, lowest first: a layer imports only from the layers before
 * it (config ← lib ← hooks ← components ← features ← app), and a feature never imports another.
 */
const LAYERS = ["src/config", "src/lib", "src/hooks", "src/components", "src/features", "src/app"];
const layerZones = LAYERS.slice(0, -1).map((target, index) => ({
  target: `./${target}`,
  from: LAYERS.slice(index + 1).map((higher) => `./${higher}`),
  message: "Imports flow one way: config ← lib ← hooks ← components ← features ← app (docs/architecture.md).",
}));
const featureZones = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: "./src/features",
  except: [`./${feature}`],
  message: "A feature does not import another feature: move the shared piece to src/components, src/hooks or src/lib.",
}));
const boundaryZones = [
  ...layerZones,
  ...featureZones,
  {
    target: "./src/components/ui",
    from: "./src/components",
    except: ["./ui"],
    message:
      "components/ui holds generic primitives; domain widgets (comments, messaging, people…) build on them, not the reverse.",
  },
  {
    target: "./src",
    from: "./convex",
    except: ["./_generated", "./shared"],
    message: "The client imports only convex/_generated and convex/shared; server code stays on the server.",
  },
  {
    target: "./convex/shared",
    from: "./convex",
    except: ["./shared", "./_generated"],
    message: "convex/shared is client code too: it may not import server-only modules (convex/lib, functions).",
  },
  { target: "./convex", from: "./src", message: "The server does not import the client." },
];

export default tseslint.config(
  { ignores: ["dist", "dist.building-*", "dist.old-*", "node_modules", "convex/_generated", ".data", "coverage"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}", "tests/ui/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "convex/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // no-cycle reads the imported modules: it needs to know they are TypeScript.
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["tsconfig.json", "convex/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaryZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  ...convexPlugin.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Like/view helpers take ids of several tables (books | posts); the id already names its table.
      "@convex-dev/explicit-table-ids": "off",
      // Convex Auth and the local backend configure through process.env; we keep one mechanism.
      "@convex-dev/no-process-env": "off",
    },
  },
);
