import { ComingSoon } from "@/components/ui/coming-soon";

export default function BookEditPage() {
  return <ComingSoon title="Edit book" />;
}
