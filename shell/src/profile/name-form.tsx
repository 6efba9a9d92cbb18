// First and last name (PATCH /api/user/profile): saved with a toast; the header shows the new name at once.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import { maxNameLength, profileRequests } from '@ringwise/contract/profile';
import type { CurrentUser } from '@ringwise/contract/users';
import { Button } from '@ringwise/ui/button';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { toast } from '@ringwise/ui/toast';
import { FormError, ProfileSection } from './profile-section.tsx';
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
          <div className="sh:grid sh:gap-2">
            <Label htmlFor={ids.first}>First name</Label>
            <Input id={ids.first} autoComplete="given-name" maxLength={maxNameLength} value={firstName} onChange={(e) => setFirstName(e.target.value)} aria-describedby={described} />
          </div>
          <div className="sh:grid sh:gap-2">
            <Label htmlFor={ids.last}>Last name</Label>
            <Input id={ids.last} autoComplete="family-name" maxLength={maxNameLength} value={lastName} onChange={(e) => setLastName(e.target.value)} aria-describedby={described} />
          </div>
        </div>
        <FormError id={ids.error}>{error}</FormError>
        <div>
          <Button type="submit" aria-disabled={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : 'Save name'}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
