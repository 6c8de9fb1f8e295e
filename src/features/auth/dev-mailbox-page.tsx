import { useQuery } from "convex/react";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@convex/_generated/api";
import { AUTH_MESSAGES } from "@convex/shared/auth-messages";
import { useScreenTitle } from "@/lib/use-screen-title";

/**
 * /dev/mailbox (PRODUCT D6): the e-mails a local deployment would have sent, newest first,
 * updated live. Only deployments running with AUTH_DEV_MAILBOX=1 have one; elsewhere the page
 * says so and never asks the server for the list.
 */
export default function DevMailboxPage() {
  useScreenTitle("Mailbox");
  const options = useQuery(api.users.signInOptions, {});
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-stone-900">Dev mailbox</h1>
      <p className="mt-1 text-sm text-stone-600">
        E-mails this local deployment would have sent. Nothing here leaves your machine.
      </p>
      <div className="mt-6">
        {options === undefined ? (
          <Spinner />
        ) : options.devMailbox ? (
          <MessageList />
        ) : (
          <EmptyState title={AUTH_MESSAGES.mailboxUnavailable} />
        )}
      </div>
    </section>
  );
}

function MessageList() {
  const messages = useQuery(api.devMailbox.list, {});
  if (messages === undefined) return <Spinner />;
  if (messages.length === 0) {
    return <EmptyState title="No e-mails yet. Register an account and its verification code shows up here." />;
  }
  return (
    <ul className="space-y-3" aria-label="Messages">
      {messages.map((message) => (
        <li key={message._id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-stone-500">To</dt>
            <dd className="break-all font-medium text-stone-900">{message.to}</dd>
            <dt className="text-stone-500">Subject</dt>
            <dd className="text-stone-800">{message.subject}</dd>
            <dt className="text-stone-500">Code</dt>
            <dd className="font-mono text-lg font-semibold tracking-widest text-stone-900">{message.code}</dd>
            <dt className="text-stone-500">Link</dt>
            <dd className="break-all">
              <a href={message.link} className="text-brand-700 underline-offset-2 hover:underline">
                {message.link}
              </a>
            </dd>
            <dt className="text-stone-500">Time</dt>
            <dd className="text-stone-700">
              <time dateTime={new Date(message._creationTime).toISOString()}>
                {new Date(message._creationTime).toLocaleString()}
              </time>
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
