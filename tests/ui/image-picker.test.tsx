import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ImagePicker } from "@/components/ui/image-picker";
import { decodesAsImage } from "@/lib/image-decode";

// tests/ui/setup.ts stands in for the decoding (jsdom decodes no images): image types decode
// unless a test says otherwise.
const decodes = vi.mocked(decodesAsImage);

const NOT_AN_IMAGE = "That file is not an image. Choose a JPEG, PNG, WebP or GIF.";
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });

function Picker({ currentUrl }: { currentUrl?: string }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <ImagePicker label="Cover" file={file} onChange={setFile} currentUrl={currentUrl} />
      <p>In the form: {file?.name ?? "nothing"}</p>
    </>
  );
}

function preview() {
  return screen.queryByRole("img", { name: "Selected image preview" });
}

beforeEach(() => {
  decodes.mockClear();
});

describe("the image picker", () => {
  it("takes a picture the browser decodes, and previews it", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const cover = png("stars.png");
    await user.upload(screen.getByLabelText("Cover"), cover);
    expect(await screen.findByText("In the form: stars.png")).toBeInTheDocument();
    expect(decodes).toHaveBeenCalledWith(cover);
    // The preview's object URL is made in an effect, a render after the file is taken.
    await waitFor(() => expect(preview()).toHaveAttribute("src", expect.stringMatching(/^blob:/)));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("refuses a file with an image's name and type that does not decode, keeping the previous picture", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const input = screen.getByLabelText("Cover");
    await user.upload(input, png("stars.png"));
    await screen.findByText("In the form: stars.png");
    const before = preview()?.getAttribute("src");

    decodes.mockResolvedValueOnce(false);
    const renamed = new File(["just some notes"], "notes.png", { type: "image/png" });
    await user.upload(input, renamed);
    expect(await screen.findByRole("alert")).toHaveTextContent(NOT_AN_IMAGE);
    expect(decodes).toHaveBeenLastCalledWith(renamed);
    expect(screen.getByText("In the form: stars.png")).toBeInTheDocument();
    expect(preview()).toHaveAttribute("src", before);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(expect.stringContaining(NOT_AN_IMAGE));

    await user.upload(input, png("moons.png"));
    expect(await screen.findByText("In the form: moons.png")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "false");
  });

  it("refuses a file of another type without trying to decode it, keeping the current picture", async () => {
    render(<Picker currentUrl="https://example.com/cover.png" />);
    // The picker's accept list can be bypassed (drag and drop, "All files").
    const notes = new File(["chapter one"], "notes.txt", { type: "text/plain" });
    fireEvent.change(screen.getByLabelText("Cover"), { target: { files: [notes] } });
    expect(await screen.findByRole("alert")).toHaveTextContent(NOT_AN_IMAGE);
    expect(decodes).not.toHaveBeenCalled();
    expect(screen.getByText("In the form: nothing")).toBeInTheDocument();
    expect(preview()).toHaveAttribute("src", "https://example.com/cover.png");
  });

  it("says it once, in one alert under the picker", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    decodes.mockResolvedValueOnce(false);
    await user.upload(screen.getByLabelText("Cover"), png("broken.png"));
    await screen.findByRole("alert");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getAllByText(NOT_AN_IMAGE)).toHaveLength(1);
  });

  it("shows the placeholder, not a broken picture, when the current picture does not load", async () => {
    render(<Picker currentUrl="https://example.com/gone.png" />);
    const image = preview();
    expect(image).toBeInTheDocument();
    fireEvent.error(image!);
    await waitFor(() => expect(preview()).not.toBeInTheDocument());
  });

  it("keeps only the latest choice when an earlier one is still being decoded", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    let finishFirst: (decodes: boolean) => void = () => {};
    decodes.mockImplementationOnce(() => new Promise((resolve) => (finishFirst = resolve)));
    const input = screen.getByLabelText("Cover");
    await user.upload(input, png("slow.png"));
    await user.upload(input, png("quick.png"));
    await screen.findByText("In the form: quick.png");
    finishFirst(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText("In the form: quick.png")).toBeInTheDocument();
  });
});
