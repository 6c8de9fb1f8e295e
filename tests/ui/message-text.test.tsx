/** MessageText and linkRuns: https addresses become safe external links, mentions stay links, nothing is HTML. */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EXTERNAL_LINK_REL, MessageText } from "@/components/messaging/message-text";
import { linkRuns } from "@/lib/links";
import type { Id } from "@convex/_generated/dataModel";
import { renderWithApp } from "./render";

const bob = "bob1" as Id<"users">;

function links(text: string): string[] {
  return linkRuns(text)
    .filter((run) => run.kind === "link")
    .map((run) => run.text);
}

describe("linkRuns", () => {
  it("finds https addresses and leaves the sentence's punctuation out", () => {
    expect(links("See https://example.com/a?b=1.")).toEqual(["https://example.com/a?b=1"]);
    expect(links("(https://example.com/x), and https://ex.org!")).toEqual(["https://example.com/x", "https://ex.org"]);
    expect(links("https://en.wikipedia.org/wiki/Dune_(novel)")).toEqual(["https://en.wikipedia.org/wiki/Dune_(novel)"]);
    expect(links('"https://example.com/q"…')).toEqual(["https://example.com/q"]);
  });

  it("links only https with a host: no http, javascript:, data: or bare scheme", () => {
    expect(links("http://example.com javascript:alert(1) data:text/html,x https:// https://")).toEqual([]);
  });

  it("keeps every character: the runs joined are the text", () => {
    const text = "a https://x.example/1, b\nhttps://y.example c";
    expect(
      linkRuns(text)
        .map((run) => run.text)
        .join(""),
    ).toBe(text);
  });
});

describe("MessageText", () => {
  it("renders an address as a link that opens a new tab with the user-content rel", () => {
    renderWithApp(
      <p>
        <MessageText text="Read https://example.com/dune." />
      </p>,
    );
    const link = screen.getByRole("link", { name: "https://example.com/dune" });
    expect(link).toHaveAttribute("href", "https://example.com/dune");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", EXTERNAL_LINK_REL);
    expect(EXTERNAL_LINK_REL).toBe("noopener noreferrer nofollow ugc");
  });

  it("keeps mentions as account links beside addresses, and never renders HTML", () => {
    const text = "<b>hi</b> @Bob see https://example.com <img src=x onerror=alert(1)>";
    const { container } = renderWithApp(
      <p>
        <MessageText text={text} mentions={[{ userId: bob, start: 10, length: 4 }]} />
      </p>,
    );
    expect(screen.getByRole("link", { name: "@Bob" })).toHaveAttribute("href", "/account/bob1");
    expect(screen.getByRole("link", { name: "https://example.com" })).toBeInTheDocument();
    expect(container.textContent).toBe(text);
    expect(container.querySelector("b, img")).toBeNull();
  });
});
