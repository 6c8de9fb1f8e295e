/** MentionText: mention spans become links to the person's account, everything else plain text. */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MentionText } from "@/components/mentions/mention-text";
import type { Id } from "@convex/_generated/dataModel";
import { renderWithApp } from "./render";

const bob = "bob1" as Id<"users">;

describe("MentionText", () => {
  it("links each mention to /account/{id} and keeps the rest as text", () => {
    const { container } = renderWithApp(
      <p>
        <MentionText text="Hi @Bob Allen, see you" mentions={[{ userId: bob, start: 3, length: 10 }]} />
      </p>,
    );
    const link = screen.getByRole("link", { name: "@Bob Allen" });
    expect(link).toHaveAttribute("href", "/account/bob1");
    expect(container.textContent).toBe("Hi @Bob Allen, see you");
  });

  it("never renders HTML, and leaves spans that do not fit the text as plain text", () => {
    const text = "<b>@Eve</b><script>alert(1)</script>";
    const { container } = renderWithApp(
      <p>
        <MentionText
          text={text}
          mentions={[
            { userId: bob, start: 3, length: 4 },
            { userId: bob, start: 30, length: 40 },
            { userId: bob, start: 0, length: 3 },
          ]}
        />
      </p>,
    );
    expect(container.querySelector("b, script")).toBeNull();
    expect(container.textContent).toBe(text);
    expect(screen.getAllByRole("link")).toHaveLength(1);
  });
});
