import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mailtoLink, SUPPORT_EMAIL } from "@/config/contact";
import HelpPage from "@/features/help/help-page";
import { renderWithApp } from "./render";

function renderHelp() {
  renderWithApp(<HelpPage />);
}

describe("help page", () => {
  it("gives the configured contact address as a mailto link", () => {
    renderHelp();
    expect(screen.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
  });

  it("lets a volunteer apply to join the team with one press, subject filled in", () => {
    renderHelp();
    const apply = screen.getByRole("link", { name: "Apply to join the team" });
    const href = apply.getAttribute("href") ?? "";
    expect(href.startsWith(`mailto:${SUPPORT_EMAIL}?`)).toBe(true);
    expect(new URLSearchParams(href.split("?")[1]).get("subject")).toBe("Joining the DUMY team");
  });

  it("sends nobody to a screen that is not built yet", () => {
    renderHelp();
    const targets = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
    for (const unbuilt of ["/chats", "/friends"]) expect(targets).not.toContain(unbuilt);
  });
});

describe("mailto links", () => {
  it("encodes spaces and line breaks so mail clients read them", () => {
    expect(mailtoLink("a@example.com", "Hello there", "Line one\nLine two")).toBe(
      "mailto:a@example.com?subject=Hello%20there&body=Line%20one%0ALine%20two",
    );
  });
});
