import { ComingSoon } from "@/components/ui/coming-soon";

export default function PostEditPage() {
  return <ComingSoon title="Edit post" />;
}
