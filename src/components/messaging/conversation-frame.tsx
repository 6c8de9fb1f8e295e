import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ReplyProvider } from "./reply-context";

type ConversationFrameProps = {
  /** Where the back arrow goes, and its name ("Back to Messages"). */
  back: { to: string; label: string };
  /** The rest of the header beside the back arrow: who or what this is. */
  header: ReactNode;
  /** The history and the composer. */
  children: ReactNode;
};

/**
 * The frame of a conversation or a chat room: it fills the screen between the top bar (3.5rem)
 * and the bottom bar (4rem), so only the history scrolls; on phones it also takes the layout's
 * spare bottom padding, on wider screens it is a card.
 */
export function ConversationFrame({ back, header, children }: ConversationFrameProps) {
  return (
    <div className="mx-auto -mb-8 flex h-[calc(100dvh-7.5rem-env(safe-area-inset-bottom)-var(--connection-banner-height,0px))] max-w-3xl flex-col sm:mb-0 sm:h-[calc(100dvh-9.5rem-var(--connection-banner-height,0px))] sm:px-6 sm:pt-4">
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden bg-canvas sm:rounded-2xl sm:border sm:border-line sm:shadow-sm">
        <header className="flex items-center gap-2 border-b border-line bg-surface px-2 py-2 sm:gap-3 sm:px-4">
          <Link
            to={back.to}
            aria-label={back.label}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-fg-muted hover:bg-surface-muted hover:text-fg focus-ring"
          >
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
          {header}
        </header>
        {/* The history's Reply actions and the composer share one reply draft per conversation or room. */}
        <ReplyProvider>{children}</ReplyProvider>
      </div>
    </div>
  );
}
