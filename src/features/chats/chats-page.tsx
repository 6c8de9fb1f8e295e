import { ComingSoon } from "@/components/ui/coming-soon";

export default function ChatsPage() {
  return <ComingSoon title="Public chats" />;
}
