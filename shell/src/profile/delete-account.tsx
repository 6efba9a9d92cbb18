// The danger zone: the account deleted (DELETE /api/user) once the user typed their e-mail address again. The api
// ends every session; this browser then forgets its own (a local sign-out) and lands on the landing page, which
// says the account is gone.
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { errorMessage } from '@ringwise/api-client';
import { profileMessages, profileRequests } from '@ringwise/contract/profile';
import { Button } from '@ringwise/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@ringwise/ui/dialog';
import { toast } from '@ringwise/ui/toast';
import { signOutHere } from './auth-update.ts';
import { EmailAddress } from './email-address.tsx';
import { confirmsEmail } from './profile-rules.ts';
import { FormError, ProfileField, ProfileSection } from './profile-section.tsx';

/** What the landing page says after the deletion (a toast outlives the page change). */
export const accountDeletedNotice = {
  title: 'Your account was deleted',
  description: 'Your profile and personal data are gone and you were signed out everywhere. Thank you for using Ringwise.',
} as const;

export function DeleteAccountSection({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <ProfileSection
      danger
      title="Danger zone"
      description="Deletes your profile, picture, contacts and caller IDs, releases your numbers and signs you out everywhere. A remaining balance can no longer be used. This cannot be undone."
    >
      <Button ref={opener} variant="destructive" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? <DeleteAccountDialog email={email} onCancel={() => setOpen(false)} returnFocusRef={opener} /> : null}
      </Dialog>
    </ProfileSection>
  );
}

function DeleteAccountDialog({ email, onCancel, returnFocusRef }: { email: string; onCancel: () => void; returnFocusRef: RefObject<HTMLButtonElement | null> }) {
  const ids = { confirm: useId(), error: useId() };
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const remove = useMutation({
    mutationFn: () => profileRequests.deleteAccount(typed.trim()),
    onError: (error) => setProblem(errorMessage(error)),
    onSuccess: async () => {
      await signOutHere();
      client.clear();
      navigate('/', { replace: true });
      toast({ ...accountDeletedNotice, duration: 15_000 });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!confirmsEmail(typed, email)) {
      setProblem(profileMessages.confirmMismatch);
      return;
    }
    setProblem(null);
    remove.mutate();
  };

  return (
    <DialogContent returnFocusRef={returnFocusRef}>
      <form onSubmit={submit} noValidate className="sh:grid sh:min-w-0 sh:gap-4">
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This cannot be undone. The record of your payments and calls is kept, without your name.
          </DialogDescription>
        </DialogHeader>
        <ProfileField
          id={ids.confirm}
          label={
            <span className="sh:leading-snug">
              Type your e-mail address, <EmailAddress email={email} />, to confirm
            </span>
          }
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onValue={setTyped}
          invalid={!!problem}
          aria-describedby={problem ? ids.error : undefined}
        />
        <FormError id={ids.error}>{problem}</FormError>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" className="sh:aria-disabled:cursor-not-allowed sh:aria-disabled:opacity-60" aria-disabled={remove.isPending || !confirmsEmail(typed, email) || undefined}>
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
