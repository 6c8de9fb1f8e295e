import { ComingSoon } from "@/components/ui/coming-soon";

export default function BookDetailsPage() {
  return <ComingSoon title="Book" />;
}
