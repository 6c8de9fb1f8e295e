import { ComingSoon } from "@/components/ui/coming-soon";

export default function FriendsPage() {
  return <ComingSoon title="Friends" />;
}
