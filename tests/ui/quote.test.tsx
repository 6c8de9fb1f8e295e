import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DailyQuoteCard } from "@/features/home/daily-quote-card";
import { QUOTES, quoteOfTheDay } from "@/features/home/daily-quote";
import {
  backgroundSources,
  LOCAL_BACKGROUND_URL,
  randomPictureId,
  remotePictureUrl,
} from "@/features/home/home-background";

describe("quoteOfTheDay", () => {
  it("has three quotes, each with an author", () => {
    expect(QUOTES).toHaveLength(3);
    for (const quote of QUOTES) {
      expect(quote.text.trim()).not.toBe("");
      expect(quote.author.trim()).not.toBe("");
    }
  });

  it("picks the quote by day of year modulo 3", () => {
    expect(quoteOfTheDay(new Date(2025, 0, 1))).toBe(QUOTES[1]); // day 1
    expect(quoteOfTheDay(new Date(2025, 0, 2))).toBe(QUOTES[2]); // day 2
    expect(quoteOfTheDay(new Date(2025, 0, 3))).toBe(QUOTES[0]); // day 3
    expect(quoteOfTheDay(new Date(2025, 11, 31))).toBe(QUOTES[2]); // day 365
    expect(quoteOfTheDay(new Date(2024, 11, 31))).toBe(QUOTES[0]); // day 366
  });
});

describe("home background", () => {
  it("draws picture ids from 1 to 1000", () => {
    expect(randomPictureId(() => 0)).toBe(1);
    expect(randomPictureId(() => 0.5)).toBe(501);
    expect(randomPictureId(() => 0.999_999)).toBe(1000);
  });

  it("tries the random picture, then picture 1, then the bundled picture", () => {
    expect(backgroundSources(42)).toEqual([remotePictureUrl(42), remotePictureUrl(1), LOCAL_BACKGROUND_URL]);
    expect(backgroundSources(1)).toEqual([remotePictureUrl(1), LOCAL_BACKGROUND_URL]);
    expect(remotePictureUrl(42)).toBe("https://picsum.photos/id/42/1024/1024");
  });
});

describe("DailyQuoteCard", () => {
  it("shows the day's quote, its author and the day counter out of 366", () => {
    render(<DailyQuoteCard date={new Date(2025, 1, 1)} pictureId={7} />);
    // February 1st is day 32; 32 % 3 = 2.
    const quote = QUOTES[2]!;
    expect(screen.getByText(`“${quote.text}”`)).toBeInTheDocument();
    expect(screen.getByText(`— ${quote.author}`)).toBeInTheDocument();
    expect(screen.getByText("Day 32/366")).toBeInTheDocument();
  });

  it("falls back to picture 1 and then to the bundled picture when pictures fail to load", () => {
    const { container } = render(<DailyQuoteCard date={new Date(2025, 1, 1)} pictureId={7} />);
    const picture = () => container.querySelector("img")!;
    expect(picture()).toHaveAttribute("src", remotePictureUrl(7));
    fireEvent.error(picture());
    expect(picture()).toHaveAttribute("src", remotePictureUrl(1));
    fireEvent.error(picture());
    expect(picture()).toHaveAttribute("src", LOCAL_BACKGROUND_URL);
    expect(screen.getByText("Illustration: DUMY")).toBeInTheDocument();
    fireEvent.error(picture());
    expect(picture()).toHaveAttribute("src", LOCAL_BACKGROUND_URL);
  });
});
