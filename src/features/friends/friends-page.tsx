import { useCallback, useState } from "react";
import { EveryoneList } from "./components/everyone-list";
import { YourFriends } from "./components/your-friends";
import { useScreenTitle } from "@/hooks/use-screen-title";
import { useScrollRestoredOnBack } from "@/hooks/use-scroll-restored-on-back";

/** /friends (seed §2): everyone with Add Friend / Unfriend / Message, and Your Friends. */
export default function FriendsPage() {
  useScreenTitle("Friends");
  const [everyoneListed, setEveryoneListed] = useState(false);
  const [friendsListed, setFriendsListed] = useState(false);
  const everyoneIn = useCallback(() => setEveryoneListed(true), []);
  const friendsIn = useCallback(() => setFriendsListed(true), []);
  useScrollRestoredOnBack(everyoneListed && friendsListed);
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-fg">Friends</h1>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[3fr_2fr]">
        <EveryoneList onListed={everyoneIn} />
        {/* Under Everyone on a phone, Your Friends would jump down when Everyone's page arrives (a
            layout shift): it loads meanwhile and shows with that page, under it from the start. */}
        <YourFriends hidden={!everyoneListed} onListed={friendsIn} />
      </div>
    </div>
  );
}
