// First and last name (PATCH /api/user/profile): saved with a toast; the header shows the new name at once.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import { maxNameLength, profileRequests } from '@ringwise/contract/profile';
import type { CurrentUser } from '@ringwise/contract/users';
import { toast } from '@ringwise/ui/toast';
import { FormError, ProfileField, ProfileSection, SubmitButton } from './profile-section.tsx';
import { useShowUpdatedUser } from './use-save-user.ts';

export function NameForm({ user }: { user: CurrentUser }) {
  const ids = { first: useId(), last: useId(), error: useId() };
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const showUser = useShowUpdatedUser();
  const save = useMutation({
    mutationFn: () => profileRequests.updateNames({ firstName: firstName.trim() || null, lastName: lastName.trim() || null }),
    onError: () => {},
    onSuccess: async (updated) => {
      setFirstName(updated.firstName ?? '');
      setLastName(updated.lastName ?? '');
      toast({ variant: 'success', title: 'Name saved', description: 'Your new name shows across Ringwise.' });
      await showUser(updated);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  };
  const error = save.isError ? errorMessage(save.error) : null;
  const described = error ? ids.error : undefined;

  return (
    <ProfileSection title="Name" description="How Ringwise addresses you. Leave a field empty to clear it.">
      <form onSubmit={submit} noValidate className="sh:grid sh:gap-4">
        <div className="sh:grid sh:gap-4 sh:sm:grid-cols-2">
          <ProfileField id={ids.first} label="First name" autoComplete="given-name" maxLength={maxNameLength} value={firstName} onValue={setFirstName} aria-describedby={described} />
          <ProfileField id={ids.last} label="Last name" autoComplete="family-name" maxLength={maxNameLength} value={lastName} onValue={setLastName} aria-describedby={described} />
        </div>
        <FormError id={ids.error}>{error}</FormError>
        <SubmitButton pending={save.isPending} label="Save name" pendingLabel="Saving…" />
      </form>
    </ProfileSection>
  );
}
