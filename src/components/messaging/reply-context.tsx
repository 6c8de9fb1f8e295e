import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

/** The message the composer's next message answers, as the reply bar shows it. */
export type ReplyTarget = {
  /** The original's id (a room's or a conversation's message: the page sends it back as such). */
  messageId: string;
  authorName: string;
  /** Its text on one line (may be empty for a picture alone). */
  excerpt: string;
  hasPicture: boolean;
};

type ReplyState = {
  target: ReplyTarget | null;
  startReply: (target: ReplyTarget) => void;
  cancelReply: () => void;
};

const ReplyContext = createContext<ReplyState | null>(null);

/**
 * Holds one conversation's or room's reply draft, shared by its messages (their Reply action
 * sets it) and its composer (which shows the bar and sends it). ConversationFrame provides it, so
 * a new room or conversation starts with none.
 */
export function ReplyProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<ReplyTarget | null>(null);
  const state = useMemo(() => ({ target, startReply: setTarget, cancelReply: () => setTarget(null) }), [target]);
  return <ReplyContext value={state}>{children}</ReplyContext>;
}

/** The reply draft of the surrounding conversation; outside one (a lone component test), none and no-ops. */
export function useReply(): ReplyState {
  return useContext(ReplyContext) ?? NO_REPLIES;
}

const NO_REPLIES: ReplyState = { target: null, startReply: () => {}, cancelReply: () => {} };
