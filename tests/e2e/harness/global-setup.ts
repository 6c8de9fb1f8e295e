/**
 * vitest globalSetup of the "e2e" project: builds the client ONCE per test run into a temporary
 * folder and hands its path to every test file (`inject("clientDir")`, see ./app.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildClient } from "../../../local-backend/cli/build-client";

declare module "vitest" {
  export interface ProvidedContext {
    clientDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const clientDir = mkdtempSync(path.join(tmpdir(), "e2e-client-"));
  const { milliseconds } = await buildClient(clientDir);
  console.log(`e2e: client built in ${milliseconds} ms`);
  project.provide("clientDir", clientDir);
  return () => rmSync(clientDir, { recursive: true, force: true });
}
