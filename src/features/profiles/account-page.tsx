import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { toast } from "sonner";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { UnsavedChangesDialog } from "@/components/ui/unsaved-changes-dialog";
import { paths } from "@/config/paths";
import { errorText } from "@/lib/error-text";
import { api } from "@convex/_generated/api";
import { DISPLAY_NAME_REQUIRED } from "@convex/shared/profile-fields";
import { AccountSettings } from "./components/account-settings";
import { AvatarPickerDialog } from "./components/avatar-picker-dialog";
import { NotificationPreferencesCard } from "./components/notification-preferences";
import { ProfileEditForm } from "./components/profile-edit-form";
import { ProfileHeader } from "./components/profile-header";
import { ProfileView } from "./components/profile-view";
import { UserContent } from "./components/user-content";
import { draftChanged, draftFrom, updateFrom, type Profile, type ProfileDraft } from "./profile-draft";
import { useScreenTitle } from "@/hooks/use-screen-title";
import { useUnsavedChanges } from "@/hooks/use-unsaved-changes";

export const SAVE_FAILED = "Failed to save profile. Please try again.";
export const SAVED = "Profile updated successfully!";

/** /account/{id}: anyone's profile (seed §2 Account); its owner can edit it. */
export default function AccountPage() {
  useScreenTitle("Profile");
  const { userId = "" } = useParams();
  const profile = useQuery(api.profiles.get, { userId });
  if (profile === undefined) return <Spinner />;
  if (profile === null) {
    return (
      <div className="px-4 py-10">
        <EmptyState title="Profile not found">
          <Link to={paths.friends.href()} className="text-sm font-medium text-accent-fg underline">
            Find people on the Friends page
          </Link>
        </EmptyState>
      </div>
    );
  }
  // A new key per user: moving from one profile to another never carries an edit over.
  return <ProfileScreen key={profile.userId} profile={profile} />;
}

export function ProfileScreen({ profile }: { profile: Profile }) {
  const update = useMutation(api.profiles.update);
  const [draft, setDraft] = useState<ProfileDraft | null>(null);
  // What editing started from, to tell unsaved changes from none.
  const [start, setStart] = useState<ProfileDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pickingAvatar, setPickingAvatar] = useState(false);
  const editing = draft !== null && profile.isOwner;
  // Leaving while a save is on its way loses nothing: the mutation sent finishes anyway.
  const unsaved = useUnsavedChanges(editing && start !== null && !saving && draftChanged(start, draft));

  async function save() {
    if (draft === null || saving) return;
    if (draft.displayName.trim() === "") {
      setError(DISPLAY_NAME_REQUIRED);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await update(updateFrom(draft));
      toast.success(SAVED);
      setDraft(null);
    } catch (failure) {
      // The edits stay in the form, so the owner can fix them and save again.
      const reason = errorText(failure, "");
      toast.error(SAVE_FAILED, reason ? { description: reason } : undefined);
      setError(reason || null);
    } finally {
      setSaving(false);
    }
  }

  function cancel() {
    if (saving) return;
    setError(null);
    setDraft(null);
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-3 py-6 sm:px-6">
      <ProfileHeader
        profile={profile}
        editing={editing}
        saving={saving}
        onEdit={() => {
          const fresh = draftFrom(profile);
          setError(null);
          setDraft(fresh);
          setStart(fresh);
        }}
        onCancel={cancel}
        onChangeAvatar={() => setPickingAvatar(true)}
      />
      {editing ? (
        <ProfileEditForm
          draft={draft}
          saving={saving}
          onCancel={cancel}
          onChange={setDraft}
          onSubmit={() => void save()}
          error={error}
        />
      ) : (
        <ProfileView profile={profile} />
      )}
      <UserContent userId={profile.userId} name={profile.displayName} isOwner={profile.isOwner} />
      {profile.isOwner && <AccountSettings />}
      {profile.isOwner && <NotificationPreferencesCard />}
      {profile.isOwner && (
        <AvatarPickerDialog open={pickingAvatar} onOpenChange={setPickingAvatar} current={profile.photoURL} />
      )}
      <UnsavedChangesDialog unsaved={unsaved} what="your profile" />
    </div>
  );
}
