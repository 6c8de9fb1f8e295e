import { ComingSoon } from "@/components/ui/coming-soon";

export default function DumaPage() {
  return <ComingSoon title="Duma" />;
}
