import { useMutation, usePaginatedQuery, useQuery } from "convex/react";
import { useId, useState, type FormEvent } from "react";
import { CreatorAvatarLink } from "@/components/people/creator-avatar-link";
import { Button } from "@/components/ui/button";
import { fieldControlClass } from "@/components/ui/field";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { withFailureToast } from "@/lib/show-failure";
import { showSuccess } from "@/lib/toasts";
import { api } from "@convex/_generated/api";
import type { Role } from "@convex/shared/moderation-validators";
import { type PersonWithRole, sectionHeading } from "../moderation-types";

const PAGE_SIZE = 10;

/** Admins only: find a person by name and grant or revoke moderator/admin; the list of who holds a role. */
export function RolesPanel() {
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const found = useQuery(api.moderationLists.people, search ? { name: search } : "skip");
  const staff = usePaginatedQuery(api.moderationLists.staff, {}, { initialNumItems: PAGE_SIZE });
  // An admin cannot change their own role (the server refuses it), so their row offers nothing.
  const myId = useQuery(api.users.viewer)?.userId;
  const searchId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(draft.trim());
  }

  return (
    <section aria-labelledby="roles-heading">
      <h2 id="roles-heading" className={sectionHeading}>
        Roles
      </h2>
      <form onSubmit={submit} className="mt-3 flex gap-2">
        <label htmlFor={searchId} className="sr-only">
          Find a user by name
        </label>
        <input
          id={searchId}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Find a user by name"
          className={`${fieldControlClass} min-w-0`}
        />
        <Button type="submit">Find</Button>
      </form>
      {found !== undefined && search && (
        <ul aria-label="Users found" className="mt-2 space-y-2">
          {found.length === 0 && <li className="text-sm text-fg-subtle">Nobody by that name.</li>}
          {found.map((person) => (
            <PersonRow key={person.userId} person={person} isMe={person.userId === myId} />
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-sm font-semibold text-fg">Moderators and admins</h3>
      <ul aria-label="Moderators and admins" className="mt-2 space-y-2">
        {staff.results.map((person) => (
          <PersonRow key={person.userId} person={person} isMe={person.userId === myId} />
        ))}
      </ul>
      <LoadMoreButton status={staff.status} onLoadMore={() => staff.loadMore(PAGE_SIZE)} label="Load more" />
    </section>
  );
}

function PersonRow({ person, isMe }: { person: PersonWithRole; isMe: boolean }) {
  const grant = useMutation(api.moderation.grant);
  const revoke = useMutation(api.moderation.revoke);
  const [busy, setBusy] = useState(false);

  async function run(call: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await withFailureToast(call, "Could not change the role.");
      showSuccess(done);
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  }

  const give = (role: Role) =>
    void run(
      () => grant({ userId: person.userId, role }),
      `${person.displayName} is now ${role === "admin" ? "an admin" : "a moderator"}.`,
    );

  return (
    <li className="flex flex-wrap items-center gap-2 rounded-xl bg-surface p-2 text-sm shadow-sm ring-1 ring-line">
      <div className="min-w-0 flex-1">
        <CreatorAvatarLink creator={person} size="xs" showName />
      </div>
      <span className="text-xs font-medium text-fg-subtle">
        {person.role ?? "user"}
        {isMe && " (you)"}
      </span>
      {!isMe && person.role !== "moderator" && (
        <Button disabled={busy} onClick={() => give("moderator")}>
          Make moderator
        </Button>
      )}
      {!isMe && person.role !== "admin" && (
        <Button disabled={busy} onClick={() => give("admin")}>
          Make admin
        </Button>
      )}
      {!isMe && person.role !== null && (
        <Button
          disabled={busy}
          onClick={() => void run(() => revoke({ userId: person.userId }), `${person.displayName} is a user again.`)}
          aria-label={`Revoke ${person.displayName}'s role`}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}
