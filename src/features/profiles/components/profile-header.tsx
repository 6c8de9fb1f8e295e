import { Camera, LogOut, Pencil, Save, ShieldCheck, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { FriendButton } from "@/components/people/friend-button";
import { FriendsWithYouBadge } from "@/components/people/friends-with-you-badge";
import { MessageButton } from "@/components/people/message-button";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-styles";
import { IconButton } from "@/components/ui/icon-button";
import { ReportButton } from "@/components/moderation/report-button";
import { paths } from "@/config/paths";
import { useLogOut } from "@/hooks/use-log-out";
import { useMyStatus } from "@/hooks/use-my-status";
import type { Profile } from "../profile-draft";
import { PROFILE_FORM_ID } from "./profile-edit-form";

type ProfileHeaderProps = {
  profile: Profile;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onChangeAvatar: () => void;
};

const friendCountText = (count: number) => `${count} ${count === 1 ? "friend" : "friends"}`;

/** Avatar, name, friend count and the controls: the owner's (seed §2) or a visitor's. */
export function ProfileHeader(props: ProfileHeaderProps) {
  const { profile, onChangeAvatar } = props;
  return (
    <header className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface p-5 text-center shadow-sm sm:flex-row sm:items-center sm:text-left">
      <div className="relative">
        <Avatar src={profile.photoURL} name={profile.displayName} size="xl" />
        {profile.isOwner && (
          <IconButton
            label="Change avatar"
            tone="primary"
            onClick={onChangeAvatar}
            className="absolute right-0 bottom-0 border-2 border-surface"
          >
            <Camera aria-hidden className="size-5" />
          </IconButton>
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-1.5">
        <h1 className="text-2xl font-bold break-words text-fg">{profile.displayName}</h1>
        <div className="flex flex-wrap items-center justify-center gap-2 text-sm text-fg-muted sm:justify-start">
          {profile.isOwner ? (
            <Link
              to={paths.friends.href()}
              data-testid="friend-count"
              className="rounded font-medium text-accent-fg underline-offset-2 hover:underline focus-ring"
            >
              {friendCountText(profile.friendCount)}
            </Link>
          ) : (
            <span data-testid="friend-count">{friendCountText(profile.friendCount)}</span>
          )}
          {profile.friendsWithYou && <FriendsWithYouBadge />}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-2">
        {profile.isOwner ? <OwnerControls {...props} /> : <VisitorControls {...props} />}
      </div>
    </header>
  );
}

function OwnerControls({ editing, saving, onEdit, onCancel }: ProfileHeaderProps) {
  const { logOut, signingOut } = useLogOut();
  // Saving or cancelling takes Save and Cancel away: the focus comes back to Edit Profile.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    const focused = document.activeElement;
    if (wasEditing.current && !editing && (focused === null || focused === document.body)) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const role = useMyStatus()?.role ?? null;
  return (
    <>
      {role !== null && !editing && (
        <Link to={paths.moderation.href()} className={buttonClass({ variant: "secondary" })}>
          <ShieldCheck aria-hidden className="size-4" />
          Moderation
        </Link>
      )}
      {editing ? (
        <>
          <Button
            type="submit"
            form={PROFILE_FORM_ID}
            variant="primary"
            loading={saving}
            loadingLabel={
              <>
                <Save aria-hidden className="size-4" />
                Saving...
              </>
            }
          >
            <Save aria-hidden className="size-4" />
            Save Profile
          </Button>
          <Button variant="secondary" onClick={onCancel} aria-disabled={saving}>
            <X aria-hidden className="size-4" />
            Cancel
          </Button>
        </>
      ) : (
        <Button variant="primary" ref={editButton} onClick={onEdit}>
          <Pencil aria-hidden className="size-4" />
          Edit Profile
        </Button>
      )}
      <Button variant="secondary" onClick={() => void logOut()} disabled={signingOut}>
        <LogOut aria-hidden className="size-4" />
        Log Out
      </Button>
    </>
  );
}

function VisitorControls({ profile }: ProfileHeaderProps) {
  return (
    <>
      <FriendButton userId={profile.userId} name={profile.displayName} isFriend={profile.isFriend} />
      <MessageButton userId={profile.userId} name={profile.displayName} />
      <ReportButton target={{ kind: "profile", id: profile.userId }} label="profile" />
    </>
  );
}
