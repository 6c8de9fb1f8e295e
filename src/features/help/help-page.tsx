import { ComingSoon } from "@/components/ui/coming-soon";

export default function HelpPage() {
  return <ComingSoon title="Help" />;
}
