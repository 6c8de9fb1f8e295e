/**
 * Pictures offline (issue #28, docs/decisions.md): a text change waits in the Convex client's queue,
 * but an upload is a plain HTTP request that cannot, so without a connection it is refused at once
 * with a clear message, and a connection lost during the upload says the same.
 */
import { screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CreateChatDialog } from "@/features/chats/components/create-chat-dialog";
import { OFFLINE_UPLOAD, useImageUpload, type UploadImage } from "@/hooks/use-image-upload";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
// jsdom draws no pictures: the resized picture is the file itself.
vi.mock("@/lib/image-resize", async (original) => ({
  ...(await original<typeof import("@/lib/image-resize")>()),
  resizeImage: (file: File) => Promise.resolve(file),
}));

const convex = createConvexMock({ strict: true });
const generateUploadUrl = convex.mutation(api.files.generateUploadUrl);
const confirmUpload = convex.action(api.files.confirmUpload);
const createChat = convex.mutation(api.chats.create);

const cover = () => new File([new Uint8Array([137, 80, 78, 71])], "cover.png", { type: "image/png" });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("uploading a picture offline", () => {
  it("is refused at once with a clear message, and nothing is sent", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    convex.setConnection({ isWebSocketConnected: false });
    const onCreated = vi.fn();
    const { user } = renderWithApp(<CreateChatDialog open onOpenChange={() => {}} onCreated={onCreated} />);
    await user.type(screen.getByLabelText(/^Name/), "Night owls");
    await user.upload(screen.getByLabelText(/^Cover image/), cover());
    await user.click(screen.getByRole("button", { name: "Create chat" }));
    await screen.findByText(OFFLINE_UPLOAD);
    expect(OFFLINE_UPLOAD).toBe("You're offline: pictures can be uploaded when you're back online.");
    expect(generateUploadUrl).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    expect(createChat).not.toHaveBeenCalled();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("says the same when the connection goes during the upload", async () => {
    generateUploadUrl.mockResolvedValue("https://storage.example/upload");
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const upload = renderUploader();
    await expect(upload.current(cover())).rejects.toThrow(OFFLINE_UPLOAD);
    expect(confirmUpload).not.toHaveBeenCalled();
  });

  it("uploads as before while connected", async () => {
    generateUploadUrl.mockResolvedValue("https://storage.example/upload");
    const fetch = vi.fn().mockResolvedValue(Response.json({ storageId: "storage1" }));
    vi.stubGlobal("fetch", fetch);
    confirmUpload.mockResolvedValue("storage1" as Id<"_storage">);
    const upload = renderUploader();
    await expect(upload.current(cover())).resolves.toBe("storage1");
    expect(fetch).toHaveBeenCalledWith("https://storage.example/upload", expect.objectContaining({ method: "POST" }));
    expect(confirmUpload).toHaveBeenCalledWith({ storageId: "storage1" });
  });
});

/** The hook's upload function, as a component gets it. */
function renderUploader(): { current: UploadImage } {
  const ref: { current: UploadImage } = { current: () => Promise.reject(new Error("not rendered")) };
  function Uploader() {
    const upload = useImageUpload();
    useEffect(() => {
      ref.current = upload;
    }, [upload]);
    return null;
  }
  renderWithApp(<Uploader />);
  return ref;
}
