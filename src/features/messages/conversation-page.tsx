import { useMutation } from "convex/react";
import { useCallback, useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { toast } from "sonner";
import { Avatar } from "@/components/ui/avatar";
import { ConversationFrame } from "@/components/messaging/conversation-frame";
import { MessageComposer } from "@/components/messaging/message-composer";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useImageUpload } from "@/hooks/use-image-upload";
import { useTypingSignal } from "@/hooks/use-typing-signal";
import { withFailureToast } from "@/lib/show-failure";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { ConversationTypingLine } from "./components/conversation-typing-line";
import { MessageHistory } from "./components/message-history";
import { useConversation } from "./hooks/use-conversation";
import { useMarkRead } from "./hooks/use-mark-read";
import { MESSAGE_MAX_LENGTH } from "./message-limits";
import type { ConversationDetails } from "./message-types";
import { useScreenTitle } from "@/hooks/use-screen-title";

/**
 * /messages/{id}: one conversation, live. Only its two participants get in; anyone else (or an
 * unknown id) is told why and sent back to /messages (seed §4, §8).
 */
export default function ConversationPage() {
  useScreenTitle("Conversation");
  const conversationId = useParams().conversationId ?? "";
  const state = useConversation(conversationId);
  const navigate = useNavigate();
  const refusal = state.status === "refused" ? state.message : null;

  useEffect(() => {
    if (refusal === null) return;
    toast.error(refusal);
    void navigate(paths.messages.href(), { replace: true });
  }, [refusal, navigate]);

  if (state.status !== "ready") return <Spinner />;
  return <ConversationView key={state.conversation._id} conversation={state.conversation} />;
}

function ConversationView({ conversation }: { conversation: ConversationDetails }) {
  const { other } = conversation;
  const sendMessage = useMutation(api.messages.send);
  const uploadPicture = useImageUpload();
  useMarkRead(conversation._id, conversation.unreadCount);
  const setTyping = useMutation(api.conversations.setTyping);
  const onTyping = useTypingSignal(
    useCallback(
      (typing: boolean) => setTyping({ conversationId: conversation._id, typing }),
      [setTyping, conversation._id],
    ),
  );

  return (
    <ConversationFrame
      back={{ to: paths.messages.href(), label: "Back to Messages" }}
      header={
        conversation.otherLeft ? (
          <div className="flex min-w-0 items-center gap-3 pr-3">
            <Avatar src={other.photoURL} name={other.displayName} size="md" decorative />
            <h1 className="truncate text-lg font-semibold text-fg">{other.displayName}</h1>
          </div>
        ) : (
          <Link
            to={paths.accountOf.href(other.userId)}
            className="flex min-w-0 items-center gap-3 rounded-full pr-3 hover:bg-canvas focus-ring"
          >
            <Avatar src={other.photoURL} name={other.displayName} size="md" decorative />
            <h1 className="truncate text-lg font-semibold text-fg">{other.displayName}</h1>
          </Link>
        )
      }
    >
      <MessageHistory conversationId={conversation._id} otherName={other.displayName} />
      {!conversation.otherLeft && <ConversationTypingLine conversationId={conversation._id} other={other} />}
      {conversation.otherLeft ? (
        <p className="border-t border-line px-4 py-3 text-sm text-fg-muted">
          This person deleted their account. You can still read your messages, but not send new ones.
        </p>
      ) : (
        <MessageComposer
          maxLength={MESSAGE_MAX_LENGTH}
          onTyping={onTyping}
          uploadPicture={uploadPicture}
          // A reply's id comes from one of this conversation's messages (message-bubble's Reply action).
          onSend={(text, _mentions, picture, replyToId) =>
            withFailureToast(
              () =>
                sendMessage({
                  conversationId: conversation._id,
                  text,
                  ...picture,
                  replyToId: replyToId as Id<"messages"> | undefined,
                }),
              "Failed to send message. Please try again.",
            )
          }
        />
      )}
    </ConversationFrame>
  );
}
