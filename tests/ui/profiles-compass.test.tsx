import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { PersonalitySlider } from "@/features/profiles/components/personality-slider";
import { PoliticalCompass } from "@/features/profiles/components/political-compass";
import { economicLabel, socialLabel, type CompassPoint } from "@/features/profiles/compass";

/** The compass as the edit form holds it: the value lives in the parent. */
function EditableCompass({ start = { x: 50, y: 50 } }: { start?: CompassPoint }) {
  const [point, setPoint] = useState(start);
  return <PoliticalCompass value={point} onChange={setPoint} />;
}

const economic = () => screen.getByTestId("compass-economic").textContent;
const social = () => screen.getByTestId("compass-social").textContent;

/** jsdom lays nothing out: give the square a 200 × 200 box at (100, 100). */
function placeSquare() {
  const square = screen.getByTestId("compass-square");
  square.getBoundingClientRect = () =>
    ({ left: 100, top: 100, width: 200, height: 200, right: 300, bottom: 300, x: 100, y: 100 }) as DOMRect;
  return square;
}

describe("compass labels (seed §9)", () => {
  it.each([
    [0, "Left"],
    [39, "Left"],
    [40, "Centrist"],
    [60, "Centrist"],
    [61, "Right"],
    [100, "Right"],
  ])("x = %i is %s", (x, label) => expect(economicLabel(x)).toBe(label));

  it.each([
    [0, "Libertarian"],
    [39, "Libertarian"],
    [40, "Moderate"],
    [60, "Moderate"],
    [61, "Authoritarian"],
    [100, "Authoritarian"],
  ])("y = %i is %s", (y, label) => expect(socialLabel(y)).toBe(label));
});

describe("PoliticalCompass", () => {
  it("starts at 50/50, Centrist and Moderate", () => {
    render(<EditableCompass />);
    expect(economic()).toBe("Economic: Centrist (50)");
    expect(social()).toBe("Social: Moderate (50)");
    expect(screen.getByRole("slider", { name: "Political compass" })).toHaveAttribute(
      "aria-valuetext",
      "Centrist (50), Moderate (50)",
    );
  });

  it("moves with the arrow keys, ten at a time with Shift, and the labels follow", async () => {
    const user = userEvent.setup();
    render(<EditableCompass />);
    const point = screen.getByRole("slider", { name: "Political compass" });
    point.focus();
    await user.keyboard("{Shift>}{ArrowLeft}{ArrowLeft}{/Shift}{ArrowLeft}");
    expect(economic()).toBe("Economic: Left (29)");
    await user.keyboard("{Shift>}{ArrowUp}{ArrowUp}{/Shift}");
    expect(social()).toBe("Social: Authoritarian (70)");
    await user.keyboard("{ArrowDown}{End}");
    expect(economic()).toBe("Economic: Right (100)");
    expect(social()).toBe("Social: Authoritarian (69)");
    expect(point).toHaveAttribute("aria-valuetext", "Right (100), Authoritarian (69)");
  });

  it("stays inside the square at its edges", async () => {
    const user = userEvent.setup();
    render(<EditableCompass start={{ x: 2, y: 98 }} />);
    screen.getByRole("slider", { name: "Political compass" }).focus();
    await user.keyboard("{Shift>}{ArrowLeft}{ArrowUp}{/Shift}");
    expect(economic()).toBe("Economic: Left (0)");
    expect(social()).toBe("Social: Authoritarian (100)");
  });

  it("puts the point where the pointer presses and follows a drag (mouse or touch)", () => {
    render(<EditableCompass />);
    const square = placeSquare();
    // jsdom has no pointer capture; the square asks for it, so pretend it was granted.
    square.hasPointerCapture = () => true;
    fireEvent.pointerDown(square, { clientX: 120, clientY: 120, button: 0, pointerId: 1 });
    expect(economic()).toBe("Economic: Left (10)");
    expect(social()).toBe("Social: Authoritarian (90)");
    fireEvent.pointerMove(square, { clientX: 290, clientY: 260, pointerId: 1, pointerType: "touch" });
    expect(economic()).toBe("Economic: Right (95)");
    expect(social()).toBe("Social: Libertarian (20)");
  });

  it("only shows its point when read-only: no slider, no pointer moves", () => {
    render(<PoliticalCompass value={{ x: 20, y: 80 }} />);
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Political compass: Left (20), Authoritarian (80)" })).toBeInTheDocument();
    const square = placeSquare();
    fireEvent.pointerDown(square, { clientX: 290, clientY: 290, button: 0 });
    expect(economic()).toBe("Economic: Left (20)");
  });
});

describe("PersonalitySlider", () => {
  function EditableSlider() {
    const [value, setValue] = useState(50);
    return <PersonalitySlider low="Introvert" high="Extrovert" value={value} onChange={setValue} />;
  }

  // jsdom does not move range inputs by key (the browser journey does); a change event stands in.
  it("is a 0–100 range input starting at 50 whose value and spoken text follow a change", () => {
    render(<EditableSlider />);
    const slider = screen.getByRole("slider", { name: "Introvert – Extrovert" });
    expect(slider).toHaveValue("50");
    expect(slider).toHaveAttribute("min", "0");
    expect(slider).toHaveAttribute("max", "100");
    fireEvent.change(slider, { target: { value: "7" } });
    expect(slider).toHaveValue("7");
    expect(slider).toHaveAttribute("aria-valuetext", "7 of 100 (0 is Introvert, 100 is Extrovert)");
  });

  it("only shows the value when read-only", () => {
    render(<PersonalitySlider low="Emotional" high="Logical" value={80} />);
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();
    expect(
      screen.getByRole("img", { name: "Emotional – Logical: 80 of 100 (0 is Emotional, 100 is Logical)" }),
    ).toBeInTheDocument();
  });
});
