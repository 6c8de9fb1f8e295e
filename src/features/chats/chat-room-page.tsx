import usePresence from "@convex-dev/presence/react";
import { useMutation, useQuery } from "convex/react";
import { ArrowLeft, MessagesSquare } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { toast } from "sonner";
import { MessageComposer } from "@/components/ui/message-composer";
import { ReportButton } from "@/components/ui/report-button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { withFailureToast } from "@/lib/show-failure";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { CHAT_NOT_FOUND } from "../../../convex/lib/chat-texts";
import { CHAT_LIMITS, type ChatRoomSummary } from "./chat-types";
import { ChatHistory } from "./components/chat-history";
import { PeopleHere } from "./components/people-here";
import { TypingLine } from "./components/typing-line";
import { useTypingSignal } from "./hooks/use-typing-signal";
import { peopleHere } from "./typing";

/** How often an open room tells the server "still here": people leave the list ~25 s after their tab goes. */
const HEARTBEAT_INTERVAL_MS = 10_000;

/**
 * /chats/{id}: one room, live. A missing room, or one deleted while the reader is in it, says
 * 'Chat not found' and goes back to /chats (seed §8).
 */
export default function ChatRoomPage() {
  const roomId = useParams().roomId ?? "";
  const room = useQuery(api.chats.get, { roomId });
  const viewer = useQuery(api.users.viewer);
  const navigate = useNavigate();
  const gone = room === null;

  useEffect(() => {
    if (!gone) return;
    toast.error(CHAT_NOT_FOUND);
    void navigate(paths.chats, { replace: true });
  }, [gone, navigate]);

  if (!room || !viewer) return <Spinner />;
  return <ChatRoomView key={room._id} room={room} viewerId={viewer.userId} />;
}

function ChatRoomView({ room, viewerId }: { room: ChatRoomSummary; viewerId: Id<"users"> }) {
  const presence = usePresence(api.chatPresence, room._id, viewerId, HEARTBEAT_INTERVAL_MS);
  const sendMessage = useMutation(api.chatMessages.send);
  const onTyping = useTypingSignal(room._id);
  const here = presence === undefined ? undefined : peopleHere(presence);

  return (
    // Fills the screen between the top bar (3.5rem) and the bottom bar (4rem), so only the history
    // scrolls; on phones it also takes the layout's spare bottom padding, on wider screens a card.
    <div className="mx-auto -mb-8 flex h-[calc(100dvh-7.5rem-env(safe-area-inset-bottom))] max-w-3xl flex-col sm:mb-0 sm:h-[calc(100dvh-9.5rem)] sm:px-6 sm:pt-4">
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden bg-stone-50 sm:rounded-2xl sm:border sm:border-stone-200 sm:shadow-sm">
        <header className="flex items-center gap-2 border-b border-stone-200 bg-white px-2 py-2 sm:gap-3 sm:px-4">
          <Link
            to={paths.chats}
            aria-label="Back to Public chats"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
          <div className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-brand-50 text-brand-600">
            {room.imageUrl ? (
              <img src={room.imageUrl} alt="" className="size-full object-cover" />
            ) : (
              <MessagesSquare aria-hidden className="size-5" />
            )}
          </div>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base leading-tight font-semibold text-stone-900 sm:text-lg">{room.name}</h1>
            <p className="truncate text-xs text-stone-600 sm:text-sm">{room.description}</p>
          </div>
          <PeopleHere people={here} />
          {!room.isMine && <ReportButton target={{ kind: "chatRoom", id: room._id }} label="chat" variant="icon" />}
        </header>
        <ChatHistory roomId={room._id} roomName={room.name} />
        <TypingLine presence={presence} viewerId={viewerId} />
        <MessageComposer
          maxLength={CHAT_LIMITS.message}
          withEmojiPicker
          onTyping={onTyping}
          onSend={(text) =>
            withFailureToast(() => sendMessage({ roomId: room._id, text }), "Failed to send message. Please try again.")
          }
        />
      </div>
    </div>
  );
}
