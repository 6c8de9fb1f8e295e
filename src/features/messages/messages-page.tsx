import { usePaginatedQuery } from "convex/react";
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { api } from "@convex/_generated/api";
import { ConversationRow } from "./components/conversation-row";
import { useScreenTitle } from "@/hooks/use-screen-title";
import { useScrollRestoredOnBack } from "@/hooks/use-scroll-restored-on-back";

const PAGE_SIZE = 20;

/** /messages: the reader's conversations, newest activity first, live (PRODUCT D5). */
export default function MessagesPage() {
  useScreenTitle("Messages");
  const { results, status, loadMore } = usePaginatedQuery(api.conversations.list, {}, { initialNumItems: PAGE_SIZE });
  useScrollRestoredOnBack(status !== "LoadingFirstPage");

  return (
    <div className="mx-auto max-w-2xl px-3 py-6 sm:px-6 sm:py-8">
      <h1 className="mb-4 text-2xl font-bold text-fg">Messages</h1>
      {status === "LoadingFirstPage" ? (
        <Spinner />
      ) : results.length === 0 ? (
        <EmptyState title="No conversations yet">
          <p className="text-sm text-fg-muted">Press Message beside a friend to start talking.</p>
          <Link to={paths.friends.href()} className={buttonClass({ variant: "primary" })}>
            Go to Friends
          </Link>
        </EmptyState>
      ) : (
        <>
          <ul
            aria-label="Conversations"
            className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface shadow-sm"
          >
            {results.map((conversation) => (
              <ConversationRow key={conversation.conversationId} conversation={conversation} />
            ))}
          </ul>
          <LoadMoreButton status={status} onLoadMore={() => loadMore(PAGE_SIZE)} label="Load more conversations" />
        </>
      )}
    </div>
  );
}
