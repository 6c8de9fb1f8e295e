import { ComingSoon } from "@/components/ui/coming-soon";

export default function ChatRoomPage() {
  return <ComingSoon title="Chat room" />;
}
