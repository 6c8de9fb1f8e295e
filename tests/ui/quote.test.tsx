import { fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { DailyQuoteCard } from "@/features/home/daily-quote-card";
import { QUOTES, quoteOfTheDay } from "@/features/home/daily-quote";
import {
  LOCAL_BACKGROUND_URL,
  randomPictureId,
  remotePictureUrl,
  remoteSources,
  shouldTryRemote,
  UNREACHABLE_RETRY_MS,
  UNREACHABLE_STORAGE_KEY,
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

  it("tries the random picture, then picture 1", () => {
    expect(remoteSources(42)).toEqual([remotePictureUrl(42), remotePictureUrl(1)]);
    expect(remoteSources(1)).toEqual([remotePictureUrl(1)]);
    expect(remotePictureUrl(42)).toBe("https://picsum.photos/id/42/1024/1024");
  });

  it("does not ask the picture service offline, nor within an hour of its last failure", () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: stored.set.bind(stored) };
    expect(shouldTryRemote(storage, true, 1_000_000)).toBe(true);
    expect(shouldTryRemote(storage, false, 1_000_000)).toBe(false);
    stored.set(UNREACHABLE_STORAGE_KEY, "1000000");
    expect(shouldTryRemote(storage, true, 1_000_000 + UNREACHABLE_RETRY_MS - 1)).toBe(false);
    expect(shouldTryRemote(storage, true, 1_000_000 + UNREACHABLE_RETRY_MS)).toBe(true);
    expect(shouldTryRemote(null, true)).toBe(true);
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

  beforeEach(() => localStorage.clear());

  it("shows the bundled picture at once, and the photo over it once it has loaded", () => {
    const { container } = render(<DailyQuoteCard date={new Date(2025, 1, 1)} pictureId={7} />);
    const [local, photo] = container.querySelectorAll("img");
    expect(local).toHaveAttribute("src", LOCAL_BACKGROUND_URL);
    expect(photo).toHaveAttribute("src", remotePictureUrl(7));
    expect(photo).toHaveClass("opacity-0");
    expect(screen.getByText("Illustration: DUMY")).toBeInTheDocument();
    fireEvent.load(photo!);
    expect(photo).toHaveClass("opacity-100");
    expect(screen.getByText("Photo: Lorem Picsum")).toBeInTheDocument();
  });

  it("falls back to picture 1, then keeps the bundled picture and stops asking the service", () => {
    const { container, unmount } = render(<DailyQuoteCard date={new Date(2025, 1, 1)} pictureId={7} />);
    const photo = () => container.querySelectorAll("img")[1];
    fireEvent.error(photo()!);
    expect(photo()).toHaveAttribute("src", remotePictureUrl(1));
    fireEvent.error(photo()!);
    expect(photo()).toBeUndefined();
    expect(container.querySelector("img")).toHaveAttribute("src", LOCAL_BACKGROUND_URL);
    expect(screen.getByText("Illustration: DUMY")).toBeInTheDocument();
    unmount();

    // The next visit does not ask again.
    const next = render(<DailyQuoteCard date={new Date(2025, 1, 2)} pictureId={9} />);
    expect(next.container.querySelectorAll("img")).toHaveLength(1);
  });
});
