import { ComingSoon } from "@/components/ui/coming-soon";

export default function MusicPage() {
  return <ComingSoon title="Music" />;
}
