// The picture: the current one (or the initials), a new one uploaded as it is (PUT /api/user/avatar), or none.
// The file is checked here first (type and 2 MB, in the api's words); what the api still refuses (bytes that are
// not the image they claim to be) is shown in its own words. The header's avatar follows at once.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import { avatarContentTypes, profileRequests } from '@ringwise/contract/profile';
import type { CurrentUser } from '@ringwise/contract/users';
import { Button } from '@ringwise/ui/button';
import { toast } from '@ringwise/ui/toast';
import { initialsOf } from '../layout/user-display.ts';
import { avatarFileProblem } from './profile-rules.ts';
import { FormError, ProfileSection } from './profile-section.tsx';
import { useShowUpdatedUser } from './use-save-user.ts';

export function AvatarSection({ user }: { user: CurrentUser }) {
  const errorId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const showUser = useShowUpdatedUser();

  const upload = useMutation({
    mutationFn: (file: File) => profileRequests.uploadAvatar(file),
    onError: (error) => setProblem(errorMessage(error)),
    onSuccess: async (updated) => {
      setProblem(null);
      toast({ variant: 'success', title: 'Picture updated' });
      await showUser(updated);
    },
  });
  const remove = useMutation({
    mutationFn: () => profileRequests.removeAvatar(),
    onError: (error) => setProblem(errorMessage(error)),
    onSuccess: async (updated) => {
      setProblem(null);
      toast({ variant: 'success', title: 'Picture removed' });
      // the button that had the focus is gone: the focus stays in this section
      uploadButton.current?.focus();
      await showUser(updated);
    },
  });
  const busy = upload.isPending || remove.isPending;

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // the same file may be picked again after a refusal
    event.target.value = '';
    if (!file) return;
    const local = avatarFileProblem(file);
    setProblem(local);
    if (!local) upload.mutate(file);
  };

  return (
    <ProfileSection title="Picture" description="Shown in the header. A PNG, JPEG or WebP image of at most 2 MB.">
      <div className="sh:flex sh:flex-wrap sh:items-center sh:gap-4">
        <div
          className="sh:flex sh:h-20 sh:w-20 sh:shrink-0 sh:items-center sh:justify-center sh:overflow-hidden sh:rounded-full sh:bg-accent sh:text-2xl sh:font-semibold sh:text-accent-foreground"
          data-testid="profile-picture"
        >
          {user.profileImageUrl ? (
            <img src={user.profileImageUrl} alt="Your picture" className="sh:h-full sh:w-full sh:object-cover" />
          ) : (
            <span aria-label={`No picture: your initials ${initialsOf(user)}`} role="img">
              {initialsOf(user)}
            </span>
          )}
        </div>
        <div className="sh:flex sh:min-w-0 sh:flex-wrap sh:gap-2">
          <input
            ref={fileInput}
            type="file"
            accept={avatarContentTypes.join(',')}
            className="sh:sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={picked}
          />
          <Button
            ref={uploadButton}
            variant="outline"
            aria-disabled={busy || undefined}
            aria-describedby={problem ? errorId : hintId}
            onClick={() => !busy && fileInput.current?.click()}
          >
            {upload.isPending ? 'Uploading…' : 'Upload picture'}
          </Button>
          {user.profileImageUrl ? (
            <Button variant="ghost" aria-disabled={busy || undefined} onClick={() => !busy && remove.mutate()}>
              {remove.isPending ? 'Removing…' : 'Remove picture'}
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="sh:sr-only">
        Opens a file picker. PNG, JPEG or WebP, at most 2 MB.
      </p>
      <div className="sh:mt-3">
        <FormError id={errorId}>{problem}</FormError>
      </div>
    </ProfileSection>
  );
}
