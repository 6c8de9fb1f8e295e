import { ComingSoon } from "@/components/ui/coming-soon";

export default function GamesPage() {
  return <ComingSoon title="Games" />;
}
