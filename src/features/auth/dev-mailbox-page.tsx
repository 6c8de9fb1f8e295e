import { useQuery } from "convex/react";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@convex/_generated/api";
import { AUTH_MESSAGES } from "@convex/shared/auth-messages";
import { useScreenTitle } from "@/hooks/use-screen-title";

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
      <h1 className="text-2xl font-semibold text-fg">Dev mailbox</h1>
      <p className="mt-1 text-sm text-fg-muted">
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
        <li key={message._id} className="rounded-xl border border-line bg-surface p-4 shadow-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-fg-subtle">To</dt>
            <dd className="break-all font-medium text-fg">{message.to}</dd>
            <dt className="text-fg-subtle">Subject</dt>
            <dd className="text-fg">{message.subject}</dd>
            {message.code === undefined ? null : (
              <>
                <dt className="text-fg-subtle">Code</dt>
                <dd className="font-mono text-lg font-semibold tracking-widest text-fg">{message.code}</dd>
              </>
            )}
            {message.link === undefined ? null : (
              <>
                <dt className="text-fg-subtle">Link</dt>
                <dd className="break-all">
                  <a href={message.link} className="text-accent-fg underline-offset-2 hover:underline">
                    {message.link}
                  </a>
                </dd>
              </>
            )}
            <dt className="text-fg-subtle">Time</dt>
            <dd className="text-fg-secondary">
              <time dateTime={new Date(message._creationTime).toISOString()}>
                {new Date(message._creationTime).toLocaleString()}
              </time>
            </dd>
          </dl>
          {message.text === undefined ? null : (
            // The plain body as sent, line breaks kept; a notice mail says everything here.
            <p className="mt-3 whitespace-pre-wrap break-words border-t border-line pt-3 text-sm text-fg-secondary">
              {message.text}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
