import { ComingSoon } from "@/components/ui/coming-soon";

export default function MessagesPage() {
  return <ComingSoon title="Messages" />;
}
