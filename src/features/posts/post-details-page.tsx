import { ComingSoon } from "@/components/ui/coming-soon";

export default function PostDetailsPage() {
  return <ComingSoon title="Post" />;
}
