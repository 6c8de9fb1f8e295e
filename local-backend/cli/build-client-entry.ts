/** The child process of build-client-process.ts: builds the client into argv[2], reports, exits. */
import { buildClient } from "./build-client";

const outDir = process.argv[2] ?? "";
try {
  const result = await buildClient(outDir);
  process.send?.({ ok: true, result });
} catch (error) {
  process.send?.({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
process.disconnect?.();
