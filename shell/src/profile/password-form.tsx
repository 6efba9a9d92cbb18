// A new password, typed twice, set through Supabase Auth at once. Too short is refused here in Auth's own words;
// anything else Auth refuses (too common, the e-mail address, …) is shown as Auth says it.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@ringwise/ui/toast';
import { updateAuthUser } from './auth-update.ts';
import { authErrorMessage, minPasswordLength, passwordProblem } from './profile-rules.ts';
import { FormError, ProfileField, ProfileSection, SubmitButton } from './profile-section.tsx';

export function PasswordForm({ email }: { email: string }) {
  const ids = { password: useId(), confirmation: useId(), hint: useId(), error: useId() };
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (next: string) => updateAuthUser({ password: next }),
    onError: (error) => setProblem(authErrorMessage(error)),
    onSuccess: () => {
      setPassword('');
      setConfirmation('');
      toast({ variant: 'success', title: 'Password changed', description: 'Use your new password the next time you sign in.' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const local = passwordProblem(password, confirmation);
    setProblem(local);
    if (!local) change.mutate(password);
  };
  const described = [ids.hint, problem ? ids.error : null].filter(Boolean).join(' ');

  return (
    <ProfileSection title="Password" description="Choose a new password. It applies at once.">
      <form onSubmit={submit} noValidate className="sh:grid sh:gap-4">
        {/* for password managers: whose password this is */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="sh:grid sh:gap-4 sh:sm:grid-cols-2">
          <ProfileField id={ids.password} label="New password" type="password" autoComplete="new-password" value={password} onValue={setPassword} invalid={!!problem} aria-describedby={described} />
          <ProfileField id={ids.confirmation} label="Confirm new password" type="password" autoComplete="new-password" value={confirmation} onValue={setConfirmation} invalid={!!problem} aria-describedby={described} />
        </div>
        <p id={ids.hint} className="sh:text-sm sh:text-muted-foreground">
          At least {minPasswordLength} characters; not a common password or your e-mail address.
        </p>
        <FormError id={ids.error}>{problem}</FormError>
        <SubmitButton pending={change.isPending} label="Change password" pendingLabel="Saving…" />
      </form>
    </ProfileSection>
  );
}
