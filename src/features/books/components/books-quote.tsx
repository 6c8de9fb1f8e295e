/** The quote over the board (seed §2 "quote header"). */
export function BooksQuote() {
  return (
    <figure className="rounded-2xl bg-gradient-to-br from-amber-50 via-orange-50 to-rose-50 px-5 py-6 text-center ring-1 ring-amber-200/60 sm:px-10 sm:py-8">
      <blockquote className="font-serif text-lg leading-relaxed text-stone-800 italic sm:text-2xl">
        “A room without books is like a body without a soul.”
      </blockquote>
      <figcaption className="mt-2 text-sm font-medium tracking-wide text-stone-500">— Marcus Tullius Cicero</figcaption>
    </figure>
  );
}
