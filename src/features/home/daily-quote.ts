import { dayOfYear } from "./day-of-year";

export type Quote = {
  text: string;
  author: string;
  /** Where the words come from, so the attribution can be checked. */
  source: string;
};

/** Seed §9: three built-in quotes (real quotations of our own choosing, with their authors). */
export const QUOTES: readonly Quote[] = [
  { text: "The unexamined life is not worth living.", author: "Socrates", source: "Plato, Apology" },
  { text: "One must imagine Sisyphus happy.", author: "Albert Camus", source: "The Myth of Sisyphus" },
  {
    text: "The limits of my language mean the limits of my world.",
    author: "Ludwig Wittgenstein",
    source: "Tractatus Logico-Philosophicus, 5.6",
  },
];

/** Seed §2: the quote is chosen by day-of-year modulo the number of built-in quotes. */
export function quoteOfTheDay(date: Date, quotes: readonly Quote[] = QUOTES): Quote {
  const quote = quotes[dayOfYear(date) % quotes.length];
  if (!quote) throw new Error("quoteOfTheDay needs at least one quote");
  return quote;
}
