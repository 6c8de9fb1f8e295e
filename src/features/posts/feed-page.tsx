import { ComingSoon } from "@/components/ui/coming-soon";

export default function FeedPage() {
  return <ComingSoon title="DUMY" />;
}
