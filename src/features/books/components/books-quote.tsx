/** The quote over the board (seed §2 "quote header"). */
export function BooksQuote() {
  return (
    <figure className="rounded-2xl bg-gradient-to-br from-quote-from via-quote-via to-quote-to px-5 py-6 text-center ring-1 ring-warning-line/60 sm:px-10 sm:py-8">
      <blockquote className="font-serif text-lg leading-relaxed text-fg italic sm:text-2xl">
        “A room without books is like a body without a soul.”
      </blockquote>
      <figcaption className="mt-2 text-sm font-medium tracking-wide text-fg-subtle">— Marcus Tullius Cicero</figcaption>
    </figure>
  );
}
