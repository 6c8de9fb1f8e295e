/** An honest page for a screen that is not built yet: it says so and shows nothing fake. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-3 text-fg-muted">This screen is coming soon. It is not built yet.</p>
    </section>
  );
}
