import { screen, waitFor } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CreateChatDialog } from "@/features/chats/components/create-chat-dialog";
import { UserFacingError } from "@/lib/error-text";
import { api } from "@convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { createConvexMock } from "./convex-mock";
import { renderWithApp } from "./render";

// The dialog talks to Convex only through useMutation (strict: chats.create and nothing else)
// and to storage only through uploadImage.
const uploadImage = vi.hoisted(() => vi.fn());

vi.mock("convex/react", () => import("./convex-mock").then((m) => m.convexReact));
vi.mock("@/hooks/use-image-upload", () => ({ useImageUpload: () => uploadImage }));

const convex = createConvexMock({ strict: true });
const createChat = convex.mutation(api.chats.create);

function renderDialog() {
  const onCreated = vi.fn();
  const { user } = renderWithApp(<CreateChatDialog open onOpenChange={() => {}} onCreated={onCreated} />);
  return { onCreated, user };
}

beforeEach(() => {
  uploadImage.mockReset();
});

describe("the create chat dialog", () => {
  it("asks for a name when it is blank, creates nothing, and drops the message once the name changes", async () => {
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText(/^Name/), "   ");
    await user.click(screen.getByRole("button", { name: "Create chat" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter a chat name.");
    expect(createChat).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Name/), "Poets");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("creates a room with only a name, without uploading anything", async () => {
    createChat.mockResolvedValue("room1" as Id<"chatRooms">);
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText(/^Name/), "Poets");
    await user.click(screen.getByRole("button", { name: "Create chat" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith("room1"));
    expect(createChat).toHaveBeenCalledWith({ name: "Poets", description: "", image: undefined });
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it("uploads the chosen cover first and creates the room with it", async () => {
    uploadImage.mockResolvedValue("storage1");
    createChat.mockResolvedValue("room2" as Id<"chatRooms">);
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText(/^Name/), "Night owls");
    await user.type(screen.getByLabelText("Description"), "For the late readers");
    const cover = new File([new Uint8Array([137, 80, 78, 71])], "cover.png", { type: "image/png" });
    await user.upload(screen.getByLabelText(/^Cover image/), cover);
    await user.click(screen.getByRole("button", { name: "Create chat" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith("room2"));
    expect(uploadImage).toHaveBeenCalledWith(cover);
    expect(createChat).toHaveBeenCalledWith({
      name: "Night owls",
      description: "For the late readers",
      image: { storageId: "storage1" },
    });
  });

  it("says what is wrong with a cover the browser cannot read, and creates nothing", async () => {
    uploadImage.mockRejectedValue(new UserFacingError("This file could not be read as an image"));
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText(/^Name/), "Night owls");
    const cover = new File([new Uint8Array([1, 2, 3])], "broken.png", { type: "image/png" });
    await user.upload(screen.getByLabelText(/^Cover image/), cover);
    await user.click(screen.getByRole("button", { name: "Create chat" }));
    await screen.findByText("This file could not be read as an image");
    expect(createChat).not.toHaveBeenCalled();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    createChat.mockRejectedValue(new ConvexError("Chat name must be at most 80 characters"));
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText(/^Name/), "Poets");
    await user.click(screen.getByRole("button", { name: "Create chat" }));
    await screen.findByText("Chat name must be at most 80 characters");
    expect(screen.getByLabelText(/^Name/)).toHaveValue("Poets");
    expect(onCreated).not.toHaveBeenCalled();
  });
});
