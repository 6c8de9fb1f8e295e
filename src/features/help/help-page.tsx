import { BookOpen, Mail, MessageSquareText, Music, UserPlus, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button-styles";
import { Card } from "@/components/ui/card";
import { mailtoLink, SUPPORT_EMAIL } from "@/config/contact";
import { paths } from "@/config/paths";
import { useScreenTitle } from "@/hooks/use-screen-title";

const linkClass = "font-semibold text-accent-fg underline underline-offset-2 hover:text-accent-fg";
const actionClass = buttonClass({ variant: "primary", className: "mt-4" });

const JOIN_BODY = `Hello DUMY team,

I would like to help with:

A little about me:

`;

/** Help (F12, seed §2): how to reach us, a call for team members, and answers to common questions. */
export default function HelpPage() {
  useScreenTitle("Help");
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-3 py-6 sm:px-6 sm:py-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-fg">Help</h1>
        <p className="mt-2 text-fg-muted">
          Questions, ideas or something broken? Here is how to reach the people who run this community.
        </p>
      </header>

      <div className="grid gap-4 sm:grid-cols-2">
        <HelpCard icon={MessageSquareText} title="Contact us">
          <p>Write to the team: a person reads every message.</p>
          <p className="mt-2 flex items-center gap-2">
            <Mail aria-hidden className="size-4 shrink-0 text-fg-subtle" />
            <a href={`mailto:${SUPPORT_EMAIL}`} className={`${linkClass} break-all`}>
              {SUPPORT_EMAIL}
            </a>
          </p>
          <p className="mt-2 text-sm text-fg-subtle">
            Tell us which page you were on and what happened; a screenshot helps.
          </p>
        </HelpCard>

        <HelpCard icon={UserPlus} title="Join the team">
          <p>We are a small group of volunteers and we are looking for more people:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>writers for new Duma story cards</li>
            <li>moderators for the community</li>
            <li>developers and designers</li>
            <li>musicians for new background tracks</li>
          </ul>
          <a href={mailtoLink(SUPPORT_EMAIL, "Joining the DUMY team", JOIN_BODY)} className={actionClass}>
            <Mail aria-hidden className="size-4" />
            Apply to join the team
          </a>
        </HelpCard>
      </div>

      <HelpCard icon={BookOpen} title="Common questions">
        <dl className="space-y-3">
          <Question q="How do I share a book or write a post?">
            Open{" "}
            <Link to={paths.books.href()} className={linkClass}>
              BOOK_CROSS
            </Link>{" "}
            and press “+ Add Book”, or open{" "}
            <Link to={paths.dumy.href()} className={linkClass}>
              DUMY
            </Link>{" "}
            and press “+” to write a post.
          </Question>
          <Question q="How do I change my name or avatar?">
            Press your avatar in the top bar to open your account, then Edit Profile.
          </Question>
          <Question q="I did not get the verification e-mail.">
            Check your spam folder, then use Resend verification on the verify screen. The code is valid for a limited
            time.
          </Question>
        </dl>
      </HelpCard>

      <HelpCard icon={Music} title="Music">
        <p>
          Music starts when you first click or press a key. Use the slider in the bottom bar to change the volume, or
          the speaker button to mute. Pick a track on the{" "}
          <Link to={paths.music.href()} className={linkClass}>
            Music
          </Link>{" "}
          page.
        </p>
      </HelpCard>
    </section>
  );
}

function HelpCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card as="section" padding="none" className="p-5 text-fg-secondary">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold text-fg">
        <Icon aria-hidden className="size-5 text-accent-fg" />
        {title}
      </h2>
      {children}
    </Card>
  );
}

function Question({ q, children }: { q: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-fg">{q}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
