import { ComingSoon } from "@/components/ui/coming-soon";

export default function HomePage() {
  return <ComingSoon title="Home" />;
}
