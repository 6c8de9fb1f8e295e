import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { focusNearestRemaining, focusPath } from "@/lib/focus-return";
import { IconButton } from "./icon-button";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The heading; also the dialog's accessible name. */
  title: string;
  /** A short line under the title; also the dialog's accessible description. */
  description?: string;
  children: ReactNode;
  /** Keeps the dialog open on Escape, outside click and the close button (e.g. while saving). */
  preventClose?: boolean;
};

/**
 * An accessible modal (PRODUCT D9): focus moves in and stays inside, Escape and the close button
 * close it, and focus returns to whatever opened it. On a phone it fills the width and scrolls.
 */
export function Dialog({ open, onOpenChange, title, description, children, preventClose = false }: DialogProps) {
  function changeOpen(next: boolean) {
    if (!next && preventClose) return;
    onOpenChange(next);
  }

  return (
    <RadixDialog.Root open={open} onOpenChange={changeOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-scrim/50 backdrop-blur-[1px]" />
        <DialogContent title={title} description={description} preventClose={preventClose}>
          {children}
        </DialogContent>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

type DialogContentProps = { title: string; description?: string; preventClose: boolean; children: ReactNode };

/** Rendered only while open, so it can note who had the focus before the dialog took it. */
function DialogContent({ title, description, preventClose, children }: DialogContentProps) {
  // Radix gives the focus back only to a Dialog.Trigger; our dialogs are opened by any button, so we do it.
  const [openerPath] = useState(() => focusPath(document.activeElement));
  return (
    <RadixDialog.Content
      // Without a description Radix warns unless aria-describedby is explicitly cleared.
      {...(description ? {} : { "aria-describedby": undefined })}
      onOpenAutoFocus={(event) => {
        // React's autoFocus loses in a dialog opened from another one: the outer dialog's focus
        // trap takes the focus back before this one's starts, which then picks its first control
        // (the X). The control to start on is therefore marked, and focused here.
        const marked = (event.currentTarget as HTMLElement).querySelector<HTMLElement>("[data-autofocus]");
        if (marked === null) return;
        event.preventDefault();
        marked.focus();
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        // The opener, or when it went with what the dialog removed (a deleted message and its
        // Delete button), the nearest of its former ancestors still on the page that takes it.
        focusNearestRemaining(openerPath);
      }}
      className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-surface shadow-xl focus:outline-none"
    >
      <div className="flex items-start gap-3 border-b border-line-subtle px-5 pt-5 pb-3">
        <div className="min-w-0 flex-1">
          <RadixDialog.Title className="text-lg font-semibold text-fg">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="mt-1 text-sm whitespace-pre-line text-fg-muted">
              {description}
            </RadixDialog.Description>
          )}
        </div>
        <RadixDialog.Close asChild>
          <IconButton label="Close" disabled={preventClose} className="-mt-1 -mr-2">
            <X aria-hidden className="size-5" />
          </IconButton>
        </RadixDialog.Close>
      </div>
      <div className="overflow-y-auto px-5 py-4">{children}</div>
    </RadixDialog.Content>
  );
}
