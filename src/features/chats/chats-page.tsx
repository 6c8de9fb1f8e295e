import { useMutation, usePaginatedQuery } from "convex/react";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { withFailureToast } from "@/lib/show-failure";
import { showSuccess } from "@/lib/toasts";
import { api } from "@convex/_generated/api";
import type { ChatRoomSummary } from "./chat-types";
import { ChatRoomCard } from "./components/chat-room-card";
import { CreateChatDialog } from "./components/create-chat-dialog";
import { useUnreadRooms } from "./hooks/use-unread-rooms";
import { useScreenTitle } from "@/hooks/use-screen-title";
import { useScrollRestoredOnBack } from "@/hooks/use-scroll-restored-on-back";

const PAGE_SIZE = 20;

/** /chats: the public rooms, newest first, live, with '+' to create one (seed §2 Chats, PRODUCT F9). */
export default function ChatsPage() {
  useScreenTitle("Public chats");
  const { results, status, loadMore } = usePaginatedQuery(api.chats.list, {}, { initialNumItems: PAGE_SIZE });
  useScrollRestoredOnBack(status !== "LoadingFirstPage");
  const unread = useUnreadRooms(useMemo(() => results.map((room) => room._id), [results]));
  const removeRoom = useMutation(api.chats.remove);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ChatRoomSummary | null>(null);

  const createButton = (
    <Button variant="primary" onClick={() => setCreating(true)}>
      <Plus aria-hidden className="size-4" />
      Create chat
    </Button>
  );

  return (
    // Takes the focus (tabindex -1) when a deleted room takes its Delete button with it.
    <section tabIndex={-1} className="mx-auto max-w-3xl px-3 py-6 focus:outline-none sm:px-6 sm:py-8">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-fg">Public chats</h1>
        {createButton}
      </div>
      {status === "LoadingFirstPage" ? (
        <Spinner />
      ) : results.length === 0 ? (
        <EmptyState title="No chat rooms yet. Start the first one!">{createButton}</EmptyState>
      ) : (
        <>
          <ul aria-label="Chat rooms" className="space-y-3">
            {results.map((room) => (
              <li key={room._id}>
                <ChatRoomCard
                  room={room}
                  unread={unread.has(room._id)}
                  onDelete={room.isMine ? () => setDeleting(room) : undefined}
                />
              </li>
            ))}
          </ul>
          <LoadMoreButton status={status} onLoadMore={() => loadMore(PAGE_SIZE)} label="Load more chats" />
        </>
      )}

      <CreateChatDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(roomId) => {
          setCreating(false);
          showSuccess("Chat created!");
          void navigate(paths.chat.href(roomId));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this chat?"
        message={`"${deleting?.name ?? ""}" and all its messages will be deleted for everyone. This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        onConfirm={async () => {
          if (deleting === null) return;
          await withFailureToast(
            () => removeRoom({ roomId: deleting._id }),
            "Failed to delete chat. Please try again.",
          );
          showSuccess("Chat deleted.");
        }}
      />
    </section>
  );
}
