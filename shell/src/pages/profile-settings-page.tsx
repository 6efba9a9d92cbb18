// /profile-settings (issue #14): name, picture, e-mail, password, the download of all the user's data and the
// account's deletion. Loaded when visited (the shell's first load does not carry it); each part is its own module
// under ../profile/.
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import { userQueries } from '@ringwise/contract/users';
import { Button } from '@ringwise/ui/button';
import { PageMeta } from '@ringwise/ui/page-meta';
import { AvatarSection } from '../profile/avatar-section.tsx';
import { DeleteAccountSection } from '../profile/delete-account.tsx';
import { EmailForm } from '../profile/email-form.tsx';
import { ExportSection } from '../profile/export-section.tsx';
import { NameForm } from '../profile/name-form.tsx';
import { PasswordForm } from '../profile/password-form.tsx';

export function ProfileSettingsPage() {
  const user = useQuery({ ...userQueries.current(), meta: { handlesError: true } });
  return (
    <section aria-labelledby="profile-title" className="sh:mx-auto sh:max-w-2xl sh:space-y-4">
      <PageMeta title="Profile Settings" noindex />
      <div className="sh:space-y-1">
        <h1 id="profile-title" className="sh:text-2xl sh:font-bold">
          Profile Settings
        </h1>
        <p className="sh:text-sm sh:text-muted-foreground">Your name, picture, e-mail, password and data.</p>
      </div>
      {user.data ? (
        <>
          <NameForm key={user.data.id} user={user.data} />
          <AvatarSection user={user.data} />
          <EmailForm user={user.data} />
          <PasswordForm email={user.data.email} />
          <ExportSection />
          <DeleteAccountSection email={user.data.email} />
        </>
      ) : user.isError ? (
        <div role="alert" className="sh:flex sh:flex-col sh:items-center sh:gap-3 sh:rounded-lg sh:border sh:border-border sh:bg-card sh:p-6 sh:text-center">
          <p className="sh:font-semibold">Your profile could not be loaded</p>
          <p className="sh:text-sm sh:text-muted-foreground">{errorMessage(user.error)}</p>
          <Button variant="outline" onClick={() => void user.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <p role="status" className="sh:py-8 sh:text-center sh:text-sm sh:text-muted-foreground">
          Loading your profile…
        </p>
      )}
    </section>
  );
}
