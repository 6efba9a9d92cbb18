// The e-mail address, changed through Supabase Auth: with its default secure e-mail change it sends a confirmation
// link to the current address and one to the new, and changes the address when both are opened (or at once, where
// the project confirms nothing). Auth's words on failure.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueries, type CurrentUser } from '@ringwise/contract/users';
import { updateAuthUser } from './auth-update.ts';
import { EmailAddress } from './email-address.tsx';
import { authErrorMessage, emailProblem } from './profile-rules.ts';
import { FormError, FormNote, ProfileField, ProfileSection, SubmitButton } from './profile-section.tsx';

export function EmailForm({ user }: { user: CurrentUser }) {
  const ids = { email: useId(), error: useId() };
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (address: string) => updateAuthUser({ email: address }),
    onError: (error) => setProblem(authErrorMessage(error)),
    onSuccess: async (result, address) => {
      setEmail('');
      if (result.email?.toLowerCase() === address.toLowerCase()) {
        setNote(`Your e-mail address is now ${address}.`);
        await client.invalidateQueries({ queryKey: userQueries.current().queryKey });
      } else {
        setNote(
          `We sent confirmation links to ${result.pendingEmail ?? address} and to ${user.email}. Your e-mail address changes once you have opened both.`,
        );
      }
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const local = emailProblem(email, user.email);
    setProblem(local);
    setNote(null);
    if (!local) change.mutate(email.trim());
  };

  return (
    <ProfileSection
      title="E-mail address"
      description={
        <>
          You sign in with <EmailAddress email={user.email} className="sh:text-foreground" />. A new address is used once you
          confirm the change from the links we send to both addresses.
        </>
      }
    >
      <form onSubmit={submit} noValidate className="sh:grid sh:gap-4">
        <ProfileField
          id={ids.email}
          label="New e-mail address"
          type="email"
          autoComplete="email"
          value={email}
          onValue={setEmail}
          invalid={!!problem}
          aria-describedby={problem ? ids.error : undefined}
        />
        <FormError id={ids.error}>{problem}</FormError>
        {note ? <FormNote>{note}</FormNote> : null}
        <SubmitButton pending={change.isPending} label="Change e-mail" pendingLabel="Sending…" />
      </form>
    </ProfileSection>
  );
}
