import { EveryoneList } from "./components/everyone-list";
import { YourFriends } from "./components/your-friends";
import { useScreenTitle } from "@/hooks/use-screen-title";

/** /friends (seed §2): everyone with Add Friend / Unfriend / Message, and Your Friends. */
export default function FriendsPage() {
  useScreenTitle("Friends");
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-fg">Friends</h1>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[3fr_2fr]">
        <EveryoneList />
        <YourFriends />
      </div>
    </div>
  );
}
