import { useMutation, useQuery } from "convex/react";
import { useCallback, useEffect } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { toast } from "sonner";
import { ConversationFrame } from "@/components/messaging/conversation-frame";
import { MessageComposer } from "@/components/messaging/message-composer";
import { ReportButton } from "@/components/moderation/report-button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useImageUpload } from "@/hooks/use-image-upload";
import { withFailureToast } from "@/lib/show-failure";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CHAT_NOT_FOUND } from "@convex/shared/chat-texts";
import { CHAT_LIMITS, type ChatRoomSummary } from "./chat-types";
import { ChatHistory } from "./components/chat-history";
import { ChatRoomCover } from "./components/chat-room-cover";
import { PeopleHere } from "./components/people-here";
import { TypingLine } from "./components/typing-line";
import { useRoomPresence } from "./hooks/use-room-presence";
import { peopleHere } from "./typing";
import { useScreenTitle } from "@/hooks/use-screen-title";
import { useTypingSignal } from "@/hooks/use-typing-signal";

/**
 * /chats/{id}: one room, live. A missing room, or one deleted while the reader is in it, says
 * 'Chat not found' and goes back to /chats (seed §8).
 */
export default function ChatRoomPage() {
  useScreenTitle("Chat room");
  const roomId = useParams().roomId ?? "";
  const room = useQuery(api.chats.get, { roomId });
  const viewer = useQuery(api.users.viewer);
  const navigate = useNavigate();
  const gone = room === null;

  useEffect(() => {
    if (!gone) return;
    toast.error(CHAT_NOT_FOUND);
    void navigate(paths.chats.href(), { replace: true });
  }, [gone, navigate]);

  if (!room || !viewer) return <Spinner />;
  return <ChatRoomView key={room._id} room={room} viewerId={viewer.userId} />;
}

function ChatRoomView({ room, viewerId }: { room: ChatRoomSummary; viewerId: Id<"users"> }) {
  const presence = useRoomPresence(room._id, viewerId);
  const sendMessage = useMutation(api.chatMessages.send);
  const uploadPicture = useImageUpload();
  const setTyping = useMutation(api.chatPresence.setTyping);
  const onTyping = useTypingSignal(
    useCallback((typing: boolean) => setTyping({ roomId: room._id, typing }), [setTyping, room._id]),
  );
  const here = presence === undefined ? undefined : peopleHere(presence);

  return (
    <ConversationFrame
      back={{ to: paths.chats.href(), label: "Back to Public chats" }}
      header={
        <>
          <ChatRoomCover imageUrl={room.imageUrl} size="sm" />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base leading-tight font-semibold text-fg sm:text-lg">{room.name}</h1>
            <p className="truncate text-xs text-fg-muted sm:text-sm">{room.description}</p>
          </div>
          <PeopleHere people={here} />
          {!room.isMine && <ReportButton target={{ kind: "chatRoom", id: room._id }} label="chat" variant="icon" />}
        </>
      }
    >
      <ChatHistory roomId={room._id} roomName={room.name} />
      <TypingLine roomId={room._id} presence={presence} viewerId={viewerId} />
      <MessageComposer
        maxLength={CHAT_LIMITS.message}
        withEmojiPicker
        onTyping={onTyping}
        mentionsIn={{ roomId: room._id }}
        uploadPicture={uploadPicture}
        // A reply's id comes from one of this room's messages (the Reply action of chat-message-item).
        onSend={(text, mentions, picture, replyToId) =>
          withFailureToast(
            () =>
              sendMessage({
                roomId: room._id,
                text,
                mentions,
                ...picture,
                replyToId: replyToId as Id<"chatMessages"> | undefined,
              }),
            "Failed to send message. Please try again.",
          )
        }
      />
    </ConversationFrame>
  );
}
