import { ComingSoon } from "@/components/ui/coming-soon";

export default function ConversationPage() {
  return <ComingSoon title="Conversation" />;
}
