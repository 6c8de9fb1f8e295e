/**
 * The two outside apps on the games page (seed §2). Each shows only when its address is set
 * at build time (README: VITE_REFLECTION_APP_URL, VITE_FINANCE_APP_URL) and is a real http(s) URL.
 */
export type ExternalApp = { id: string; title: string; blurb: string; url: string; image: string };

export function externalApps(env: Record<string, unknown> = import.meta.env): ExternalApp[] {
  const apps: (Omit<ExternalApp, "url"> & { url: string | null })[] = [
    {
      id: "reflection",
      title: "Reflection",
      blurb: "A quiet place to write down your thoughts and look back on your days.",
      url: webAddress(env.VITE_REFLECTION_APP_URL),
      image: "/duma/long-sleep.svg",
    },
    {
      id: "finance",
      title: "Finance",
      blurb: "Keep track of what comes in and what goes out, and plan ahead.",
      url: webAddress(env.VITE_FINANCE_APP_URL),
      image: "/duma/river-city.svg",
    },
  ];
  return apps.filter((app): app is ExternalApp => app.url !== null);
}

export function webAddress(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
