import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

afterEach(() => cleanup());

// jsdom decodes no images: here a file of an image type decodes. A test of a file that does not
// stubs it: vi.mocked(decodesAsImage).mockResolvedValueOnce(false).
vi.mock("@/lib/image-decode", () => ({
  decodesAsImage: vi.fn((file: Blob) => Promise.resolve(file.type.startsWith("image/"))),
}));
