import { ComingSoon } from "@/components/ui/coming-soon";

export default function PostAddPage() {
  return <ComingSoon title="Add post" />;
}
